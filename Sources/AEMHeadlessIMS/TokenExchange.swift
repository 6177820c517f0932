import AEMHeadless
import Foundation

/// One way of obtaining a new access token from Adobe IMS with credentials that last: service
/// credentials (`ServiceCredentialsExchange`) or OAuth client credentials (`OAuthClientCredentialsExchange`).
public protocol TokenExchange: Sendable, CustomStringConvertible {
    /// What identifies the credential without its secret (kind, IMS, client, account, scopes):
    /// the key of its cached token, so that another credential never gets this one's token.
    var identity: String { get }

    /// Obtains a new token from IMS through `transport`.
    /// - Throws: `SignInError` naming the step that failed, or `CancellationError`.
    func obtainToken(using transport: any AemHTTPTransport) async throws -> IssuedToken

    /// The API key AEM's OpenAPI-based APIs take beside this credential's tokens (`X-Api-Key`),
    /// or nil.
    var apiKey: String? { get }
}

extension TokenExchange {
    /// None, unless the exchange says otherwise.
    public var apiKey: String? { nil }
}

/// A token as IMS issued it: the token and when it was obtained, which together with its
/// expiry tell when to renew it.
public struct IssuedToken: Sendable, Hashable, Codable {
    public var token: AccessToken
    public var obtainedAt: Date

    public init(token: AccessToken, obtainedAt: Date) {
        self.token = token
        self.obtainedAt = obtainedAt
    }

    /// When to renew: `margin` before expiry, but never before nine tenths of the lifetime, so
    /// that a short-lived token is still used. Nil when the expiry is unknown.
    public func renewalDate(margin: Duration) -> Date? {
        guard let expiresAt = token.expiresAt else { return nil }
        let lifetime = expiresAt.timeIntervalSince(obtainedAt)
        let seconds = Double(margin.components.seconds) + Double(margin.components.attoseconds) / 1e18
        return expiresAt.addingTimeInterval(-min(seconds, max(lifetime, 0) / 10))
    }
}
