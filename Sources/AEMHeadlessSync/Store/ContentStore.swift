import AEMHeadless
import Foundation
import GRDB

/// A synced folder, read offline: each fragment's JSON as the service sent it, decoded into the
/// same model types the network calls return, and the local files of their images.
///
/// ```swift
/// import AEMHeadlessSync
///
/// let store = try ContentStore(directory: URL(fileURLWithPath: "articles-mirror"))  // filled by a SyncEngine
/// let query = FragmentQuery(where: .lessOrEqual("price", 100), sort: [.ascending("title")])
/// for article in try store.decode(Article.self, matching: query) {   // your own (generated) model
///     print(article.title)
/// }
/// ```
///
/// A folder filled by `wknd sync DIR --fragments <folder>` (`FragmentSyncSource`) is read with
/// `deliveredFragments()` and `deliveredFragment(path:)`.
///
/// Reading while a sync runs is safe: the database is in WAL mode and a sync applies each page
/// in one transaction, so a reader sees the store before or after a page, never half of one.
public final class ContentStore: Sendable {
    /// The synced folder.
    public let directory: URL
    private let folder: SyncDirectory
    private let pool: DatabasePool

    /// Opens the folder that `wknd sync` or a `SyncEngine` filled.
    ///
    /// - Throws: `SyncError.notSynced` when the folder holds no store, `.storage` when it cannot
    ///   be read.
    public init(directory: URL) throws {
        self.directory = directory
        folder = SyncDirectory(url: directory)
        guard FileManager.default.fileExists(atPath: folder.database.path) else {
            throw SyncError(
                .notSynced, "\(directory.path) holds no synced content; fill it with `wknd sync \(directory.path)`.")
        }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(15)
        configuration.label = "AEMHeadlessSync.ContentStore"
        SearchText.register(in: &configuration)
        let synced: Bool
        do {
            pool = try DatabasePool(path: folder.database.path, configuration: configuration)
            synced = try pool.read { db in try db.tableExists("fragment") }
        } catch {
            throw SyncError(
                .storage,
                "Cannot read the store in \(directory.path): \(error); run `wknd sync \(directory.path)` again.",
                underlyingError: error)
        }
        guard synced else {
            throw SyncError(
                .notSynced, "\(directory.path) holds no synced content yet; fill it with `wknd sync \(directory.path)`."
            )
        }
    }

    /// Every fragment, ordered by path.
    public func fragments() throws -> [StoredFragment] {
        try read { db in try Row.fetchAll(db, sql: "SELECT * FROM fragment ORDER BY path, id").map(Self.fragment) }
    }

    /// The fragment with this slug (the first by path when several share it), or nil.
    public func fragment(slug: String) throws -> StoredFragment? {
        try read { db in
            try Row.fetchOne(
                db, sql: "SELECT * FROM fragment WHERE slug = ? ORDER BY path, id LIMIT 1", arguments: [slug]
            ).map(Self.fragment)
        }
    }

    /// The fragment at this path, or nil.
    public func fragment(path: String) throws -> StoredFragment? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM fragment WHERE path = ? ORDER BY id LIMIT 1", arguments: [path])
                .map(Self.fragment)
        }
    }

    /// The local file of an image: the primary image of an adventure, or an image among its
    /// references. Nil when the store has no file for it.
    public func imageFile(for image: ImageReference) -> URL? {
        image.location.flatMap { try? imageFile(forLocation: $0) }
    }

    /// The local file of the image AEM named `location` (its `_dynamicUrl`, else `_path`).
    func imageFile(forLocation location: String) throws -> URL? {
        let file = try read { db in
            try String.fetchOne(db, sql: "SELECT file FROM image WHERE location = ?", arguments: [location])
        }
        return file.flatMap(folder.imageFile(named:))
    }

    /// When the last complete sync ended; nil before the first one ends.
    public func lastSynced() throws -> Date? {
        try read { db in
            try Double.fetchOne(db, sql: "SELECT max(finished_at) FROM run").map(Date.init(timeIntervalSince1970:))
        }
    }

    /// The fragments `sql` selects with `arguments`.
    func fragments(sql: String, _ arguments: StatementArguments) throws -> [StoredFragment] {
        try read { db in try Row.fetchAll(db, sql: sql, arguments: arguments).map(Self.fragment) }
    }

    /// How many rows `sql` counts.
    func count(sql: String, _ arguments: StatementArguments) throws -> Int {
        try read { db in try Int.fetchOne(db, sql: sql, arguments: arguments) ?? 0 }
    }

    /// Fails, saying the store `reason`, when it has no table `name` (an older store the next sync upgrades).
    func requireTable(_ name: String, _ reason: String) throws {
        guard try read({ db in try db.tableExists(name) }) else {
            throw SyncError(.storage, "The store in \(directory.path) \(reason).")
        }
    }

    /// Fails when the store predates the `locale` column, which the next sync adds.
    func requireLocaleColumn() throws {
        let hasColumn = try read { db in try db.columns(in: "fragment").contains { $0.name == "locale" } }
        guard hasColumn else {
            throw SyncError(
                .storage,
                "The store in \(directory.path) predates locales; run `wknd sync \(directory.path)` once to upgrade it."
            )
        }
    }

    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try pool.read(body)
        } catch let error as SyncError {
            throw error
        } catch let error as DatabaseError where error.message == "malformed JSON" {
            throw damagedFragment("A fragment stored in \(directory.path)", error)
        } catch let error as DatabaseError {
            // SQLite's words, without the statement GRDB adds to them.
            let words = "SQLite error \(error.resultCode.rawValue)" + (error.message.map { ": \($0)" } ?? "")
            throw SyncError(.storage, "Cannot read the store in \(directory.path): \(words)", underlyingError: error)
        } catch {
            throw SyncError(.storage, "Cannot read the store in \(directory.path): \(error)", underlyingError: error)
        }
    }

    /// A stored fragment whose JSON no longer reads (the file was changed by hand, or damaged on disk): the sync
    /// stores only JSON it has parsed, and re-reading every fragment writes it again.
    func damagedFragment(_ what: String, _ error: any Error) -> SyncError {
        SyncError(
            .storage,
            "\(what) is damaged: its JSON does not read; `wknd sync \(directory.path) --revalidate-all` (with the "
                + "folder's --query or --fragments) fetches it again.", underlyingError: error)
    }

    private static func fragment(_ row: Row) -> StoredFragment {
        StoredFragment(
            path: row["path"], slug: row["slug"], model: row["model"], json: row["json"],
            contentHash: row["content_hash"],
            lastSeen: Date(timeIntervalSince1970: row["last_seen"]),
            lastChanged: Date(timeIntervalSince1970: row["last_changed"]))
    }
}
