import Foundation

/// One stored answer as `SQLiteResponseCache.entries(limit:)` lists it: what was asked, how old the answer is, and
/// what content it holds.
public struct CacheEntrySummary: Sendable, Hashable {
    /// The request URL.
    public var url: String
    /// The HTTP status stored.
    public var status: Int
    /// When the answer was received (or last confirmed by a 304).
    public var storedAt: Date
    /// Its size as counted towards the limit, in bytes.
    public var bytes: Int
    /// What content it holds (`cf:<path>`, `cf-id:<id>`, `model:<name>`, `list:delivery`).
    public var tags: Set<String>
    /// The mark of the content change that made it stale; nil while none has.
    public var changeMark: String?
}
