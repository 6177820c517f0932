import Foundation

/// A bearer token for AEM and when it stops working. Its description never shows the value.
public struct AccessToken: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The token itself, sent as `Authorization: Bearer <value>`.
    public var value: String
    /// When the token expires; nil when the token does not say (an opaque token).
    public var expiresAt: Date?

    /// A token and its expiry, nil when unknown.
    public init(value: String, expiresAt: Date?) {
        self.value = value
        self.expiresAt = expiresAt
    }

    /// Whether the token has expired at `date`.
    public func hasExpired(at date: Date = Date()) -> Bool {
        guard let expiresAt else { return false }
        return expiresAt <= date
    }

    /// Says when the token expires, never its value.
    public var description: String {
        guard let expiresAt else { return "access token (expiry unknown)" }
        return "access token (expires \(expiresAt.formatted(.iso8601)))"
    }
}
