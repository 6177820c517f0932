import AEMHeadless
import CAEMSQLite
import Crypto
import Foundation
import GRDB
import SQLiteStoreSupport

/// A persistent `ResponseCache` in one SQLite file, shared safely by several processes.
///
/// - The file is in WAL mode with a busy timeout, so processes read while one writes and wait
///   for each other's writes instead of failing.
/// - Closing leaves a short write-ahead log for the next opener to read, rather than copying it
///   into the file, which flushes both to disk: a program that runs for one command pays that
///   only once its runs have left `logBytesLeftOnClose`.
/// - `touch` keeps the time of use in memory; it is written with the next write, or when the
///   cache is released, so a hit costs no write before its answer is returned.
/// - Its size is bounded: after each store, the least recently used answers are evicted until
///   the total (bodies and headers) fits `maxBytes`.
/// - A damaged file, or one that is not a database, is moved aside (`<name>.corrupt-<time>`) and
///   a new cache is started; a failed write (a full disk, an I/O error) is dropped. Both are
///   reported through `onEvent`, and neither fails a request.
public final class SQLiteResponseCache: ResponseCache, Sendable {
    /// The database file.
    public let fileURL: URL
    /// The most bytes of answers kept.
    public let maxBytes: Int
    /// The default size limit: 256 MiB.
    public static let defaultMaxBytes = 256 << 20

    private let onEvent: @Sendable (SQLiteCacheEvent) -> Void
    private let configuration: Configuration
    private let current: PoolBox
    private let pendingUses = PendingUses()
    /// The time answers are stored and used at.
    private let now: @Sendable () -> Date

    /// The most write-ahead log that releasing the cache leaves in place: 128 KiB, some 30 pages.
    static let logBytesLeftOnClose = 128 << 10

    /// Opens the cache at `fileURL`, creating it (and its folder) when missing.
    ///
    /// - Parameter onEvent: told about damaged files rebuilt and answers that could not be
    ///   stored; called on any thread.
    /// - Throws: when the folder or the file cannot be created or opened (permissions, a
    ///   read-only disk); a damaged file does not throw.
    public convenience init(
        fileURL: URL, maxBytes: Int = SQLiteResponseCache.defaultMaxBytes,
        onEvent: @escaping @Sendable (SQLiteCacheEvent) -> Void = { _ in }
    ) throws {
        try self.init(fileURL: fileURL, maxBytes: maxBytes, onEvent: onEvent, prepareDatabase: nil)
    }

    /// - Parameters:
    ///   - prepareDatabase: run on every new connection, after the cache's own settings.
    ///   - now: the time answers are stored and used at, which decides what is evicted first.
    init(
        fileURL: URL, maxBytes: Int, onEvent: @escaping @Sendable (SQLiteCacheEvent) -> Void,
        prepareDatabase: (@Sendable (Database) throws -> Void)?, now: @escaping @Sendable () -> Date = Date.init
    ) throws {
        self.fileURL = fileURL
        self.now = now
        self.maxBytes = max(0, maxBytes)
        self.onEvent = onEvent
        var configuration = Configuration()
        configuration.label = "AEMHeadlessSQLiteCache"
        configuration.busyMode = .timeout(15)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            _ = csqlite_set_checkpoint_on_close(db.sqliteConnection, 0)
            try prepareDatabase?(db)
        }
        self.configuration = configuration
        try FileManager.default.createDirectory(
            at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        current = PoolBox(try Self.openOrRebuild(fileURL, configuration: configuration, onEvent: onEvent))
    }

    /// Writes the uses `touch` recorded, and has the last connection copy the write-ahead log
    /// into the file when closing if the log has grown past `logBytesLeftOnClose`.
    deinit {
        let logBytes = Self.size(ofFile: fileURL.path + "-wal")
        access(failure: SQLiteCacheEvent.storeFailed) { pool in
            try pool.writeWithoutTransaction { db in
                if !pendingUses.isEmpty {
                    try db.inTransaction {
                        try pendingUses.write(to: db)
                        return .commit
                    }
                }
                if logBytes > Self.logBytesLeftOnClose {
                    _ = csqlite_set_checkpoint_on_close(db.sqliteConnection, 1)
                }
            }
        }
    }

    // MARK: ResponseCache

    public func lookup(_ key: CacheKey) async -> CachedResponse? {
        let row =
            access(failure: SQLiteCacheEvent.lookupFailed) { pool in
                try pool.read { db in
                    guard
                        let row = try Row.fetchOne(
                            db,
                            sql:
                                "SELECT id, status, headers, body, stored_at, change_mark FROM response WHERE identity = ? AND url = ?",
                            arguments: [key.identity, key.url])
                    else { return nil as (Row, [String])? }
                    let id: Int64 = row["id"]
                    let tags = try String.fetchAll(
                        db, sql: "SELECT tag FROM response_tag WHERE response_id = ?", arguments: [id])
                    return (row, tags)
                }
            } ?? nil
        guard let (row, tags) = row else { return nil }
        let status: Int? = row["status"]
        let headersText: String? = row["headers"]
        let body: Data? = row["body"]
        let storedAt: Double? = row["stored_at"]
        guard let status, let headersText, let body, let storedAt, let headers = Self.headers(fromJSON: headersText)
        else {
            await remove(key)
            return nil
        }
        return CachedResponse(
            status: status, headers: headers, body: body, storedAt: Date(timeIntervalSince1970: storedAt),
            tags: Set(tags), changeMark: row["change_mark"])
    }

    public func store(_ response: CachedResponse, for key: CacheKey) async {
        let headers = Self.json(response.headers)
        let size = response.body.count + headers.utf8.count + key.url.utf8.count
        guard size <= maxBytes else { return }
        let now = self.now().timeIntervalSince1970
        let limit = maxBytes
        access(failure: SQLiteCacheEvent.storeFailed) { pool in
            try pool.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    try pendingUses.write(to: db)
                    try db.execute(
                        sql: """
                            INSERT INTO response
                                (identity, url, status, headers, body, size, stored_at, last_used, change_mark)
                            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                            ON CONFLICT (identity, url) DO UPDATE SET
                                status = excluded.status, headers = excluded.headers, body = excluded.body,
                                size = excluded.size, stored_at = excluded.stored_at, last_used = excluded.last_used,
                                change_mark = excluded.change_mark
                            """,
                        arguments: [
                            key.identity, key.url, response.status, headers, response.body, size,
                            response.storedAt.timeIntervalSince1970, now, response.changeMark,
                        ])
                    let id = try Int64.fetchOne(
                        db, sql: "SELECT id FROM response WHERE identity = ? AND url = ?",
                        arguments: [key.identity, key.url])
                    if let id {
                        try db.execute(sql: "DELETE FROM response_tag WHERE response_id = ?", arguments: [id])
                        for tag in response.tags {
                            try db.execute(
                                sql: "INSERT INTO response_tag (response_id, tag) VALUES (?, ?)", arguments: [id, tag])
                        }
                    }
                    try Self.evict(db, keepingAtMost: limit)
                    return .commit
                }
            }
        }
    }

    /// Records the use in memory; it reaches the file with the next write, or when the cache is
    /// released.
    public func touch(_ key: CacheKey) async {
        pendingUses.record(key, at: now().timeIntervalSince1970)
    }

    public func remove(_ key: CacheKey) async {
        access(failure: SQLiteCacheEvent.storeFailed) { pool in
            try pool.write { db in
                try pendingUses.write(to: db)
                try db.execute(
                    sql: "DELETE FROM response WHERE identity = ? AND url = ?", arguments: [key.identity, key.url])
            }
        }
    }

    public func invalidate(_ change: ContentChange) async -> Int {
        let tags = Array(change.tags)
        guard !tags.isEmpty else { return 0 }
        let marks = "?" + String(repeating: ", ?", count: tags.count - 1)
        return access(failure: SQLiteCacheEvent.storeFailed) { pool in
            try pool.write { db in
                try db.execute(
                    sql: """
                        UPDATE response SET change_mark = ?
                        WHERE id IN (SELECT response_id FROM response_tag WHERE tag IN (\(marks)))
                        """,
                    arguments: StatementArguments([change.mark] + tags))
                return db.changesCount
            }
        } ?? 0
    }

    /// The first 128 bits of the credential's SHA-256, in hex: enough to tell credentials apart,
    /// and no way back to the credential.
    public func identityDigest(of credential: String) -> String {
        SHA256.hash(data: Data(credential.utf8)).prefix(16).lowercaseHex
    }

    // MARK: Maintenance and statistics

    /// Removes every stored answer and the recorded runs, and shrinks the file.
    public func clear() throws {
        try withPool { pool in
            try pool.write { db in
                try db.execute(sql: "DELETE FROM response; DELETE FROM run")
            }
            try pool.writeWithoutTransaction { db in try db.execute(sql: "VACUUM") }
        }
    }

    /// Records what one run of a program found in the cache; the last 100 runs are kept.
    public func recordRun(_ counts: RunCounts) {
        let now = self.now().timeIntervalSince1970
        access(failure: SQLiteCacheEvent.storeFailed) { pool in
            try pool.write { db in
                try pendingUses.write(to: db)
                try db.execute(
                    sql: "INSERT INTO run (finished_at, hits, revalidated, misses) VALUES (?, ?, ?, ?)",
                    arguments: [now, counts.hits, counts.revalidated, counts.misses])
                try db.execute(sql: "DELETE FROM run WHERE id NOT IN (SELECT id FROM run ORDER BY id DESC LIMIT 100)")
            }
        }
    }

    /// What the cache holds, and the last `recentRuns` recorded runs added up.
    public func statistics(recentRuns: Int = 20) throws -> CacheStatistics {
        let fileBytes = Self.size(ofFile: fileURL.path) + Self.size(ofFile: fileURL.path + "-wal")
        return try withPool { pool in
            try pool.read { db in
                let runs = "(SELECT * FROM run ORDER BY id DESC LIMIT \(max(0, recentRuns)))"
                func count(_ sql: String) throws -> Int { try Int.fetchOne(db, sql: sql) ?? 0 }
                return CacheStatistics(
                    entries: try count("SELECT count(*) FROM response"),
                    bytes: try count("SELECT coalesce(sum(size), 0) FROM response"),
                    fileBytes: fileBytes,
                    oldest: try Double.fetchOne(db, sql: "SELECT min(stored_at) FROM response").map(
                        Date.init(timeIntervalSince1970:)),
                    recentRuns: RunCounts(
                        hits: try count("SELECT coalesce(sum(hits), 0) FROM \(runs)"),
                        revalidated: try count("SELECT coalesce(sum(revalidated), 0) FROM \(runs)"),
                        misses: try count("SELECT coalesce(sum(misses), 0) FROM \(runs)")),
                    recentRunCount: try count("SELECT count(*) FROM \(runs)"))
            }
        }
    }

    /// The stored answers, most recently received first, at most `limit` of them.
    public func entries(limit: Int = 100) throws -> [CacheEntrySummary] {
        try withPool { pool in
            try pool.read { db in
                let rows = try Row.fetchAll(
                    db,
                    sql:
                        "SELECT id, url, status, stored_at, size, change_mark FROM response ORDER BY stored_at DESC LIMIT ?",
                    arguments: [max(0, limit)])
                return try rows.map { row in
                    let id: Int64 = row["id"]
                    let tags = try String.fetchAll(
                        db, sql: "SELECT tag FROM response_tag WHERE response_id = ?", arguments: [id])
                    return CacheEntrySummary(
                        url: row["url"], status: row["status"],
                        storedAt: Date(timeIntervalSince1970: row["stored_at"]), bytes: row["size"], tags: Set(tags),
                        changeMark: row["change_mark"])
                }
            }
        }
    }

    // MARK: Opening, damage and failures

    /// Runs `body` on the current database; a damaged file is rebuilt and the error rethrown.
    private func withPool<Result>(_ body: (DatabasePool) throws -> Result) throws -> Result {
        let pool = current.pool
        do {
            return try body(pool)
        } catch let error as DatabaseError where SQLiteStoreFile.isDamage(error) {
            rebuild(replacing: pool, reason: error)
            throw error
        }
    }

    /// Runs `body`; any failure is reported as `failure(reason)` and gives nil, and a damaged
    /// file is rebuilt.
    @discardableResult
    private func access<Result>(failure: (String) -> SQLiteCacheEvent, _ body: (DatabasePool) throws -> Result)
        -> Result?
    {
        do {
            return try withPool(body)
        } catch let error as DatabaseError where SQLiteStoreFile.isDamage(error) {
            return nil // already reported as rebuilt
        } catch {
            onEvent(failure(Self.reason(error)))
            return nil
        }
    }

    private func rebuild(replacing damaged: DatabasePool, reason: DatabaseError) {
        current.replace(damaged) {
            try? damaged.close()
            let (pool, aside) = try SQLiteStoreFile.rebuild(
                fileURL, configuration: configuration, migrator: CacheSchema.migrator, readCheck: Self.readCheck)
            onEvent(.rebuilt(movedAside: aside, reason: Self.reason(reason)))
            return pool
        } onFailure: { error in
            onEvent(.storeFailed(reason: Self.reason(error)))
        }
    }

    /// Opens the file with the cache's migrations; a damaged file is moved aside and a new cache
    /// started (`SQLiteStoreFile`).
    private static func openOrRebuild(
        _ fileURL: URL, configuration: Configuration,
        onEvent: @Sendable (SQLiteCacheEvent) -> Void
    ) throws -> DatabasePool {
        try SQLiteStoreFile.openOrRebuild(
            fileURL, configuration: configuration, migrator: CacheSchema.migrator, readCheck: readCheck
        ) { aside, error in
            onEvent(.rebuilt(movedAside: aside, reason: reason(error)))
        }
    }

    /// The first read of a file just opened: a damaged one fails here rather than later.
    private static let readCheck = "SELECT count(*) FROM response"

    /// Evicts the least recently used answers beyond `limit` bytes in all.
    /// Both queries read only the `response_lru` index, never the rows with their bodies.
    private static func evict(_ db: Database, keepingAtMost limit: Int) throws {
        let total = try Int.fetchOne(db, sql: "SELECT coalesce(sum(size), 0) FROM response") ?? 0
        guard total > limit else { return }
        try db.execute(
            sql: """
                DELETE FROM response WHERE id IN (
                    SELECT id FROM (
                        SELECT id, sum(size) OVER (ORDER BY last_used DESC, id DESC) AS running FROM response
                    ) WHERE running > ?
                )
                """, arguments: [limit])
    }

    /// The size of the file at `path`, 0 when there is none. stat(2) rather than FileManager,
    /// which also looks up the owner's name in the user database.
    private static func size(ofFile path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    private static func reason(_ error: any Error) -> String {
        guard let error = error as? DatabaseError else { return String(describing: error) }
        return error.message ?? "SQLite error \(error.resultCode.rawValue)"
    }

    private static func json(_ headers: AemHTTPHeaders) -> String {
        let pairs = headers.fields.map { [$0.name, $0.value] }
        guard let data = try? JSONSerialization.data(withJSONObject: pairs) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }

    private static func headers(fromJSON text: String) -> AemHTTPHeaders? {
        guard let pairs = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [[String]] else { return nil }
        var headers = AemHTTPHeaders()
        for pair in pairs {
            guard pair.count == 2 else { return nil }
            headers.add(name: pair[0], value: pair[1])
        }
        return headers
    }
}

/// Times of use that `touch` recorded and no write has carried to the file yet.
private struct PendingUses: Sendable {
    private let times = LockedValue<[CacheKey: Double]>([:])

    var isEmpty: Bool { times.withLock { $0.isEmpty } }

    func record(_ key: CacheKey, at time: Double) {
        times.withLock { $0[key] = max(time, $0[key] ?? time) }
    }

    /// Writes the recorded times in the caller's transaction, and forgets them. A failed
    /// transaction loses them: the entries then only look older than they are.
    func write(to db: Database) throws {
        for (key, time) in times.exchange([:]) {
            try db.execute(
                sql: "UPDATE response SET last_used = max(last_used, ?) WHERE identity = ? AND url = ?",
                arguments: [time, key.identity, key.url])
        }
    }
}

/// The open database, replaced when a damaged file is rebuilt.
private struct PoolBox: Sendable {
    private let current: LockedValue<DatabasePool>

    init(_ pool: DatabasePool) { current = LockedValue(pool) }

    var pool: DatabasePool { current.value }

    /// Replaces `damaged` with what `make` opens, unless another caller already replaced it.
    func replace(_ damaged: DatabasePool, make: () throws -> DatabasePool, onFailure: (any Error) -> Void) {
        current.withLock { value in
            guard value === damaged else { return }
            do {
                value = try make()
            } catch {
                onFailure(error)
            }
        }
    }
}
