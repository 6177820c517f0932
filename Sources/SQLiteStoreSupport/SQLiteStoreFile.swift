import Foundation
import GRDB

/// How the package's SQLite stores (the response cache, a synced folder's database) open their
/// file: each brings its own configuration, migrations and first read; this type owns opening
/// with them and what happens to a file that is damaged or not a database. Such a file is moved
/// aside as `<name>.corrupt-<UTC time>`, with its write-ahead log and shared-memory file, and a
/// new, empty database is started in its place.
package enum SQLiteStoreFile {
    /// Opens the database at `fileURL` (creating it when missing), brings its schema up to date
    /// with `migrator`, and runs `readCheck` once, a query that reads the store's main table, so
    /// that a damaged file fails here rather than later.
    ///
    /// - Throws: GRDB's `DatabaseError`, or the file system's error; `isDamage(_:)` tells those
    ///   that mean the file is damaged.
    package static func open(
        _ fileURL: URL, configuration: Configuration, migrator: DatabaseMigrator, readCheck: String
    ) throws -> DatabasePool {
        let pool = try DatabasePool(path: fileURL.path, configuration: configuration)
        do {
            try migrate(pool, with: migrator)
            _ = try pool.read { db in try Row.fetchOne(db, sql: readCheck) }
            return pool
        } catch {
            try? pool.close()
            throw error
        }
    }

    /// `open(_:configuration:migrator:readCheck:)`, or, when the file is damaged, `rebuild`.
    ///
    /// - Parameter onRebuilt: told where the damaged file went and why, once the new database is open.
    package static func openOrRebuild(
        _ fileURL: URL, configuration: Configuration, migrator: DatabaseMigrator, readCheck: String,
        onRebuilt: (_ movedAside: URL, _ reason: DatabaseError) -> Void
    ) throws -> DatabasePool {
        do {
            return try open(fileURL, configuration: configuration, migrator: migrator, readCheck: readCheck)
        } catch let error as DatabaseError where isDamage(error) {
            let (pool, aside) = try rebuild(
                fileURL, configuration: configuration, migrator: migrator, readCheck: readCheck)
            onRebuilt(aside, error)
            return pool
        }
    }

    /// Moves the damaged file at `fileURL` aside and opens a new database in its place. Close
    /// every connection to the damaged file first.
    ///
    /// - Returns: the new database and where the damaged file went.
    package static func rebuild(
        _ fileURL: URL, configuration: Configuration, migrator: DatabaseMigrator, readCheck: String
    ) throws -> (pool: DatabasePool, movedAside: URL) {
        let aside = try moveAside(fileURL)
        let pool = try open(fileURL, configuration: configuration, migrator: migrator, readCheck: readCheck)
        return (pool, aside)
    }

    /// Moves the file at `fileURL` to `<name>.corrupt-<UTC time>` (replacing an earlier one of
    /// the same second), with its `-wal` and `-shm` files; one of those that cannot be moved is
    /// deleted, since it belongs to the damaged file.
    ///
    /// - Returns: the new place of the file.
    /// - Throws: when the file itself cannot be moved.
    package static func moveAside(_ fileURL: URL, at date: Date = Date()) throws -> URL {
        let stamp = ISO8601DateFormatter.string(
            from: date, timeZone: TimeZone(identifier: "UTC") ?? .current,
            formatOptions: [.withYear, .withMonth, .withDay, .withTime, .withTimeZone])
        let aside = URL(fileURLWithPath: fileURL.path + ".corrupt-" + stamp.replacingOccurrences(of: ":", with: ""))
        let manager = FileManager.default
        try? manager.removeItem(at: aside)
        try manager.moveItem(at: fileURL, to: aside)
        for suffix in ["-wal", "-shm"] {
            let companion = URL(fileURLWithPath: fileURL.path + suffix)
            if manager.fileExists(atPath: companion.path) {
                try? manager.removeItem(at: URL(fileURLWithPath: aside.path + suffix))
                if (try? manager.moveItem(at: companion, to: URL(fileURLWithPath: aside.path + suffix))) == nil {
                    try? manager.removeItem(at: companion)
                }
            }
        }
        return aside
    }

    /// Whether `error` means the file itself is damaged or not a database.
    package static func isDamage(_ error: DatabaseError) -> Bool {
        error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB
    }

    /// Brings the schema up to date. Two processes opening a new file at once both see it empty,
    /// and the slower one's `CREATE TABLE` then fails: by that time the faster one's migration is
    /// committed and recorded, so migrating again finds nothing left to do.
    private static func migrate(_ pool: DatabasePool, with migrator: DatabaseMigrator) throws {
        for attempt in 1...3 {
            do {
                try migrator.migrate(pool)
                return
            } catch let error as DatabaseError where error.resultCode == .SQLITE_ERROR && attempt < 3 {
                continue
            }
        }
    }
}
