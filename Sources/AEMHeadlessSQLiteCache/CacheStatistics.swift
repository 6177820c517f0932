import Foundation

/// What the cache holds and how well it served the recent runs.
public struct CacheStatistics: Sendable, Hashable {
    /// Stored answers.
    public var entries: Int
    /// Their size as counted towards the limit (bodies and headers), in bytes.
    public var bytes: Int
    /// The size of the database file and its write-ahead log on disk, in bytes.
    public var fileBytes: Int
    /// When the oldest stored answer was received, or nil when the cache is empty.
    public var oldest: Date?
    /// The recent runs recorded with `SQLiteResponseCache.recordRun(_:)`, added up.
    public var recentRuns: RunCounts
    /// How many runs `recentRuns` adds up.
    public var recentRunCount: Int
}

/// What one run (or several, added up) found in the cache.
public struct RunCounts: Sendable, Hashable {
    /// Answers served from the cache without a request (fresh, or stale where allowed).
    public var hits: Int
    /// Answers confirmed unchanged by the server (304).
    public var revalidated: Int
    /// Answers fetched in full from the server.
    public var misses: Int

    public init(hits: Int = 0, revalidated: Int = 0, misses: Int = 0) {
        self.hits = hits
        self.revalidated = revalidated
        self.misses = misses
    }

    /// Hits among all answers, from 0 to 1; nil when there were none.
    public var hitRatio: Double? {
        let total = hits + revalidated + misses
        return total == 0 ? nil : Double(hits) / Double(total)
    }
}
