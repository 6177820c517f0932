import AEMHeadless
import Foundation
import _CryptoExtras

/// Obtains tokens with service credentials: a JWT signed with RS256 by the credentials' private
/// key is exchanged at `<IMS>/ims/exchange/jwt`. IMS answers the lifetime in milliseconds.
public struct ServiceCredentialsExchange: TokenExchange {
    public var credentials: ServiceCredentials
    /// Where IMS is: `https://<imsEndpoint>` unless another is given (another region, an emulator).
    public var imsURL: URL
    /// How long the signed JWT may be exchanged for (IMS accepts at most 24 hours).
    public var jwtLifetime: TimeInterval = 10 * 60

    public init(credentials: ServiceCredentials, imsURL: URL? = nil) throws(SignInError) {
        self.credentials = credentials
        guard let url = imsURL ?? URL(string: "https://\(credentials.imsEndpoint)") else {
            throw SignInError(.readingCredentials, "The IMS endpoint \(credentials.imsEndpoint) does not make a URL.")
        }
        self.imsURL = url
    }

    public var identity: String {
        [
            "jwt", imsURL.absoluteString, credentials.imsEndpoint, credentials.clientID, credentials.technicalAccountID,
            credentials.organization, credentials.metascopes.joined(separator: ","),
        ].joined(separator: "\n")
    }

    public var description: String { credentials.description }

    public func obtainToken(using transport: any AemHTTPTransport) async throws -> IssuedToken {
        let now = Date()
        let jwt = try signedJWT(now: now)
        let request = IMSTokenRequest(
            url: imsURL.appendingPathComponent("ims/exchange/jwt"),
            form: [
                ("client_id", credentials.clientID), ("client_secret", credentials.clientSecret), ("jwt_token", jwt),
            ],
            credentialName: "service credentials")
        let answer = try await request.send(using: transport)
        return IssuedToken(
            token: AccessToken(value: answer.accessToken, expiresAt: now.addingTimeInterval(answer.expiresIn / 1000)),
            obtainedAt: now)
    }

    /// The JWT IMS expects: `iss` the organisation, `sub` the technical account, `aud` the
    /// client on the IMS endpoint, `exp`, and one claim per metascope.
    func signedJWT(now: Date) throws(SignInError) -> String {
        let endpoint = "https://\(credentials.imsEndpoint)"
        var claims: [String: Any] = [
            "exp": Int(now.timeIntervalSince1970 + jwtLifetime),
            "iss": credentials.organization,
            "sub": credentials.technicalAccountID,
            "aud": "\(endpoint)/c/\(credentials.clientID)",
        ]
        for metascope in credentials.metascopes { claims["\(endpoint)/s/\(metascope)"] = true }
        let key: _RSA.Signing.PrivateKey
        do {
            key = try _RSA.Signing.PrivateKey(
                pemRepresentation: credentials.privateKey.replacingOccurrences(of: "\r\n", with: "\n"))
        } catch {
            throw SignInError(
                .signing,
                "The private key of the service credentials is not a PEM RSA key of 2048 bits or more; download the credentials again from the Developer Console."
            )
        }
        do {
            let header = try JSONSerialization.data(
                withJSONObject: ["alg": "RS256", "typ": "JWT"], options: [.sortedKeys])
            let payload = try JSONSerialization.data(
                withJSONObject: claims, options: [.sortedKeys, .withoutEscapingSlashes])
            let signingInput = Self.base64URL(header) + "." + Self.base64URL(payload)
            let signature = try key.signature(for: Data(signingInput.utf8), padding: .insecurePKCS1v1_5)
            return signingInput + "." + Self.base64URL(signature.rawRepresentation)
        } catch {
            throw SignInError(
                .signing, "The JWT could not be signed with the service credentials' private key (\(type(of: error))).")
        }
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
