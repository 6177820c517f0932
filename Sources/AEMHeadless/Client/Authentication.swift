import Foundation

/// How requests to the AEM origin prove who is asking.
///
/// Publish is usually anonymous; author takes HTTP Basic credentials or a bearer token: one
/// given as it is, or one from a provider that knows when it expires and renews it (service
/// credentials and OAuth in `AEMHeadlessIMS`). The description never shows a secret.
public enum Authentication: Sendable, Hashable, CustomStringConvertible {
    /// No credentials: anonymous requests, as usual for publish.
    case none
    /// HTTP Basic credentials, as an author service takes.
    case basic(username: String, password: String)
    /// A bearer token given as it is, sent as `Authorization: Bearer <token>`.
    case token(String)
    /// A bearer token from `provider`, asked for each request; two values are equal when they
    /// share the same provider.
    case provider(any AccessTokenProvider)

    /// Same kind and same credentials; providers compare by identity.
    public static func == (lhs: Authentication, rhs: Authentication) -> Bool {
        switch (lhs, rhs) {
        case (.none, .none): true
        case (.basic(let user1, let password1), .basic(let user2, let password2)):
            user1 == user2 && password1 == password2
        case (.token(let token1), .token(let token2)): token1 == token2
        case (.provider(let provider1), .provider(let provider2)): provider1 === provider2
        default: false
        }
    }

    /// Hashes the kind and credentials; a provider by its identity.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .none: hasher.combine(0)
        case .basic(let username, let password):
            hasher.combine(username)
            hasher.combine(password)
        case .token(let token): hasher.combine(token)
        case .provider(let provider): hasher.combine(ObjectIdentifier(provider))
        }
    }

    /// The `Authorization` header value, or nil for `.none` and for a provider (whose token is asked for each request).
    var headerValue: String? {
        switch self {
        case .none, .provider:
            nil
        case .basic(let username, let password):
            "Basic " + Self.basicCredential(username: username, password: password)
        case .token(let token):
            "Bearer " + token
        }
    }

    /// Every secret this value holds, in every form it is sent (the password and the Basic
    /// header's encoded value), to mask in messages.
    public var secrets: [String] {
        switch self {
        case .none, .provider: []
        case .basic(let username, let password):
            [password, Self.basicCredential(username: username, password: password)].filter { !$0.isEmpty }
        case .token(let token): [token]
        }
    }

    /// The Basic credential as sent: `user:password` in Base64.
    private static func basicCredential(username: String, password: String) -> String {
        Data("\(username):\(password)".utf8).base64EncodedString()
    }

    /// The kind of authentication and the user name, with every secret hidden.
    public var description: String {
        switch self {
        case .none: "none"
        case .basic(let username, _): "basic (user \(username), password ••••)"
        case .token: "token (••••)"
        case .provider(let provider): "bearer \(provider)"
        }
    }
}
