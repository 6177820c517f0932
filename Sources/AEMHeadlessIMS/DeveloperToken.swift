import AEMHeadless
import Foundation

/// A token obtained outside the client: a raw bearer token, or the JSON file of the Developer
/// Console's "Get Local Development Token" (`{"ok": true, "accessToken": "eyJ…"}`). Its expiry
/// is read from the token itself when it is a JWT.
public struct DeveloperToken: Sendable {
    /// The bearer token, with its expiry when the token is a JWT that states one.
    public var token: AccessToken
    /// The user the token acts as (`user_id`), when the token says.
    public var userID: String?
    /// The IMS client the token was issued to (`client_id`), when the token says.
    public var clientID: String?

    /// Reads a raw token or the Developer Console's JSON from a file's text.
    public init(parsing text: String) throws(SignInError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let value = trimmed.hasPrefix("{") ? try Self.accessToken(inJSON: trimmed) : trimmed
        guard !value.isEmpty else { throw SignInError(.readingCredentials, "The token is empty.") }
        guard !value.contains(where: { $0.isWhitespace || $0.isNewline }) else {
            throw SignInError(
                .readingCredentials, "The token contains spaces or line breaks; copy it again without them.")
        }
        let payload = JWTPayload(of: value)
        token = AccessToken(value: value, expiresAt: payload?.expiresAt)
        userID = payload?.string("user_id")
        clientID = payload?.string("client_id")
    }

    private struct ConsoleFile: Decodable {
        var ok: Bool?
        var accessToken: String?
    }

    private static func accessToken(inJSON text: String) throws(SignInError) -> String {
        guard let file = try? JSONDecoder().decode(ConsoleFile.self, from: Data(text.utf8)) else {
            throw SignInError(
                .readingCredentials,
                "The token file is JSON but not the Developer Console's local development token (an object with \"accessToken\")."
            )
        }
        guard file.ok != false, let token = file.accessToken else {
            throw SignInError(
                .readingCredentials,
                "The token file has no \"accessToken\"; download the local development token again from the Developer Console."
            )
        }
        return token
    }
}

/// Serves one token that cannot be renewed: a local development token or another token given
/// as it is. An expired token is refused before any request is sent.
public final class StaticTokenProvider: AccessTokenProvider {
    /// The one token served.
    public let token: AccessToken
    /// Where the token came from, for messages: a file path or a variable's name.
    public let source: String

    /// Serves `token`; `source` names where it came from in messages.
    public init(_ token: AccessToken, source: String) {
        self.token = token
        self.source = source
    }

    /// The token, or `SignInError` with step `.tokenExpired` once it has expired, as it cannot be renewed.
    public func token(replacing rejected: AccessToken?, using transport: any AemHTTPTransport) async throws
        -> AccessToken
    {
        if token.hasExpired(), let expiresAt = token.expiresAt {
            throw SignInError(
                .tokenExpired,
                "The token from \(source) expired on \(expiresAt.formatted(.iso8601)). A local development token lasts 24 hours: get a new one in the Developer Console (Integrations → Local token → Get Local Development Token), or use service credentials, which renew themselves."
            )
        }
        return token
    }

    /// Where the token came from, never its value.
    public var description: String { "token from \(source)" }

    /// The token itself, which tells this credential apart in cache keys: never shown or stored, only digested.
    public var identity: String { "token\n" + token.value }
}
