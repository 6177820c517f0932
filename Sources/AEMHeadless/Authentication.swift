import Foundation

/// How requests to the AEM origin prove who is asking.
///
/// Publish is usually anonymous; author takes HTTP Basic credentials or a bearer token (a local
/// development token or a service access token). The description never shows a secret.
public enum Authentication: Sendable, Hashable, CustomStringConvertible {
    case none
    case basic(username: String, password: String)
    case token(String)

    /// The `Authorization` header value, or nil for `.none`.
    var headerValue: String? {
        switch self {
        case .none:
            nil
        case .basic(let username, let password):
            "Basic " + Self.basicCredential(username: username, password: password)
        case .token(let token):
            "Bearer " + token
        }
    }

    /// Every secret this value holds, in every form it is sent (the password and the Basic
    /// header's encoded value), for `SecretScrubber`.
    public var secrets: [String] {
        switch self {
        case .none: []
        case .basic(let username, let password):
            [password, Self.basicCredential(username: username, password: password)].filter { !$0.isEmpty }
        case .token(let token): [token]
        }
    }

    /// The Basic credential as sent: `user:password` in Base64.
    private static func basicCredential(username: String, password: String) -> String {
        Data("\(username):\(password)".utf8).base64EncodedString()
    }

    public var description: String {
        switch self {
        case .none: "none"
        case .basic(let username, _): "basic (user \(username), password ••••)"
        case .token: "token (••••)"
        }
    }
}
