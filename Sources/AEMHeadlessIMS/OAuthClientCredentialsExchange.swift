import AEMHeadless
import Foundation

/// Obtains tokens with OAuth server-to-server credentials of an Adobe Developer Console project:
/// `grant_type=client_credentials` at `<IMS>/ims/token/v3`. IMS answers the lifetime in seconds.
public struct OAuthClientCredentialsExchange: TokenExchange {
    public var clientID: String
    let clientSecret: String
    public var scopes: [String]
    public var imsURL: URL

    /// Adobe's IMS, where OAuth server-to-server credentials are exchanged unless another is given.
    public static let defaultIMSURL = URL(string: "https://ims-na1.adobelogin.com")!

    public init(clientID: String, clientSecret: String, scopes: [String], imsURL: URL = Self.defaultIMSURL)
        throws(SignInError)
    {
        guard !clientID.isEmpty else {
            throw SignInError(.readingCredentials, "OAuth server-to-server credentials need a client id.")
        }
        guard !clientSecret.isEmpty else {
            throw SignInError(
                .readingCredentials, "OAuth server-to-server credentials need a client secret, and it is empty.")
        }
        guard !scopes.isEmpty else {
            throw SignInError(
                .readingCredentials,
                "OAuth server-to-server credentials need at least one scope, such as openid,AdobeID,aem.folders.")
        }
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.scopes = scopes
        self.imsURL = imsURL
    }

    /// The secret, for masking text that might be shown.
    public var secrets: [String] { [clientSecret] }

    /// The client id, which AEM's OpenAPI-based APIs take as `X-Api-Key` with these credentials.
    public var apiKey: String? { clientID }

    public var identity: String {
        ["oauth", imsURL.absoluteString, clientID, scopes.joined(separator: ",")].joined(separator: "\n")
    }

    public var description: String {
        "OAuth server-to-server credentials (client \(clientID), scopes \(scopes.joined(separator: ",")))"
    }

    public func obtainToken(using transport: any AemHTTPTransport) async throws -> IssuedToken {
        let now = Date()
        let request = IMSTokenRequest(
            url: imsURL.appendingPathComponent("ims/token/v3"),
            form: [
                ("grant_type", "client_credentials"), ("client_id", clientID), ("client_secret", clientSecret),
                ("scope", scopes.joined(separator: ",")),
            ],
            credentialName: "OAuth client credentials")
        let answer = try await request.send(using: transport)
        return IssuedToken(
            token: AccessToken(value: answer.accessToken, expiresAt: now.addingTimeInterval(answer.expiresIn)),
            obtainedAt: now)
    }
}
