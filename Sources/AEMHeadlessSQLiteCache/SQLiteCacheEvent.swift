import Foundation

/// Something the SQLite cache coped with on its own and reports instead of failing: the caller
/// decides whether and how to show it (the library never prints).
public enum SQLiteCacheEvent: Sendable, CustomStringConvertible {
    /// The database file was damaged or not a database; it was moved to `movedAside` and the
    /// cache started empty.
    case rebuilt(movedAside: URL, reason: String)
    /// An answer could not be stored (a full disk, an I/O error); the request it came from was
    /// not affected.
    case storeFailed(reason: String)
    /// The cache could not be read; the query went to the server instead.
    case lookupFailed(reason: String)

    public var description: String {
        switch self {
        case .rebuilt(let movedAside, let reason):
            "the response cache was damaged (\(reason)); it was moved to \(movedAside.path) and a new one was started"
        case .storeFailed(let reason):
            "an answer could not be kept in the response cache (\(reason)); the request itself succeeded"
        case .lookupFailed(let reason):
            "the response cache could not be read (\(reason)); asking the server instead"
        }
    }
}
