import Foundation

/// A store of responses to persisted queries, shared by the runs of an app or tool.
///
/// Storing is best effort: an implementation never throws to the caller, since a request must
/// succeed even when its answer cannot be kept (a full disk, a damaged file); it reports such
/// problems its own way. `AEMHeadlessSQLiteCache` has a persistent implementation.
public protocol ResponseCache: Sendable {
    /// The stored response for `key`, or nil.
    func lookup(_ key: CacheKey) async -> CachedResponse?
    /// Stores `response` for `key`, replacing any earlier one.
    func store(_ response: CachedResponse, for key: CacheKey) async
    /// Records that the entry for `key` was just used, for least-recently-used eviction.
    func touch(_ key: CacheKey) async
    /// Removes the entry for `key`, if any.
    func remove(_ key: CacheKey) async
    /// A one-way digest of a credential (such as SHA-256 in hex), used in `CacheKey.identity`
    /// to tell tokens apart without keeping them.
    func identityDigest(of credential: String) -> String
    /// Marks every stored response that holds what `change` changed (a tag in common) as stale by it: the next read
    /// asks the service, with the change's mark as a cache-buster.
    /// - Returns: how many responses it marked.
    func invalidate(_ change: ContentChange) async -> Int
}

extension ResponseCache {
    /// A cache that keeps no tags cannot tell what a change makes stale: its answers expire by their headers only.
    public func invalidate(_ change: ContentChange) async -> Int { 0 }
}
