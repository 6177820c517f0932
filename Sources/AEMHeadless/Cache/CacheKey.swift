import Foundation

/// What a stored response is found by: the full request URL and the identity of the
/// credentials that asked for it, so that two users never share an entry.
///
/// The identity never holds a secret: it is `anonymous`, `basic:<user name>`, or for a token
/// `token:` and a one-way digest of the token, which tells tokens apart without revealing them.
public struct CacheKey: Sendable, Hashable, CustomStringConvertible {
    /// The full request URL, with its query variables.
    public var url: String
    /// Who asked, without any secret.
    public var identity: String

    /// A key for `url` as asked for by `identity`, which must hold no secret.
    public init(url: String, identity: String) {
        self.url = url
        self.identity = identity
    }

    /// The identity and the URL.
    public var description: String { "\(identity) \(url)" }
}

extension Authentication {
    /// The non-secret identity of these credentials for cache keys; `digest` turns a token into
    /// a one-way digest (see `ResponseCache.identityDigest(of:)`).
    func cacheIdentity(digest: (String) -> String) -> String {
        switch self {
        case .none: "anonymous"
        case .basic(let username, _): "basic:" + username
        case .token(let token): "token:" + digest(token)
        case .provider(let provider): "provider:" + digest(provider.identity)
        }
    }
}
