import AEMHeadless

/// The app's own response cache, kept in memory for the app's life: an actor, as a `ResponseCache` is used from any
/// task.
actor MemoryCache: ResponseCache {
    private var entries: [CacheKey: CachedResponse] = [:]

    /// How many answers it holds.
    var count: Int { entries.count }

    func lookup(_ key: CacheKey) -> CachedResponse? { entries[key] }
    func store(_ response: CachedResponse, for key: CacheKey) { entries[key] = response }
    func touch(_ key: CacheKey) {}
    func remove(_ key: CacheKey) { entries[key] = nil }

    /// Marks the answers that hold what `change` changed, by the tags the client gave them.
    func invalidate(_ change: ContentChange) -> Int {
        var marked = 0
        for (key, response) in entries where !response.tags.isDisjoint(with: change.tags) {
            entries[key]?.changeMark = change.mark
            marked += 1
        }
        return marked
    }

    /// Not a digest, for an example: a real cache keeps a hash (`SQLiteResponseCache` keeps SHA-256).
    nonisolated func identityDigest(of credential: String) -> String { String(credential.hashValue) }
}
