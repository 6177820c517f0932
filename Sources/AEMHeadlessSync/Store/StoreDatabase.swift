import Foundation
import GRDB
import SQLiteStoreSupport

/// The database of a synced folder as a sync writes it: every change of a page in one
/// transaction, in WAL mode, so that a reader (`ContentStore`) never sees half a page and a
/// process killed at any moment leaves the last committed state.
final class StoreDatabase: Sendable {
    let pool: DatabasePool

    /// Opens the database, creating or upgrading it. A file that is damaged or not a database
    /// is moved aside (`content.sqlite.corrupt-<time>`) and a new one started (`SQLiteStoreFile`):
    /// the next sync fills it again. `onDamage` is told the name it was moved to.
    init(_ directory: SyncDirectory, onDamage: (String) -> Void = { _ in }) throws {
        var configuration = Configuration()
        configuration.label = "AEMHeadlessSync"
        configuration.busyMode = .timeout(15)
        // A page's statements touch many pages of the tables and the search index; SQLite keeps what each statement
        // would undo in a statement journal, which past 64 KiB it writes to a temporary file, a page at a time
        // (two thirds of a sync's writes). In memory, it is never written.
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA temp_store = MEMORY") }
        SearchText.register(in: &configuration)
        pool = try SQLiteStoreFile.openOrRebuild(
            directory.database, configuration: configuration, migrator: StoreSchema.migrator,
            readCheck: "SELECT count(*) FROM fragment"
        ) { aside, _ in
            onDamage(aside.path)
        }
    }

    // MARK: Runs

    /// The interrupted run of `source` to resume, else a new run. Refuses a folder that mirrors
    /// another source.
    func beginRun(source: String, now: Date) throws -> RunState {
        try pool.write { db in
            if let mirrored = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'source'") {
                guard mirrored == source else {
                    throw SyncError(
                        .differentSource, "This folder mirrors \(mirrored); sync \(source) into another folder.")
                }
            } else {
                try db.execute(sql: "INSERT INTO meta (key, value) VALUES ('source', ?)", arguments: [source])
            }
            let known = try Int.fetchOne(db, sql: "SELECT count(*) FROM fragment") ?? 0
            if let row = try Row.fetchOne(
                db, sql: "SELECT id, cursor, pages FROM run WHERE finished_at IS NULL ORDER BY id DESC LIMIT 1")
            {
                return RunState(
                    id: row["id"], cursor: row["cursor"], resumed: true, pagesRead: row["pages"], knownFragments: known)
            }
            try db.execute(sql: "INSERT INTO run (started_at) VALUES (?)", arguments: [now.timeIntervalSince1970])
            return RunState(id: db.lastInsertedRowID, cursor: nil, resumed: false, pagesRead: 0, knownFragments: known)
        }
    }

    /// Removes the fragments a run that read every page did not find, and marks those that
    /// reference them stale; returns how many were removed.
    func removeUnseen(_ run: Int64) throws -> Int {
        try pool.write { db in
            try db.execute(
                sql: """
                    UPDATE fragment SET stale = 1 WHERE seen_run = ? AND read_run != ? AND id IN (
                        SELECT fragment_id FROM fragment_reference WHERE path IN (SELECT path FROM fragment WHERE seen_run != ?))
                    """, arguments: [run, run, run])
            let removed =
                try Int.fetchOne(db, sql: "SELECT count(*) FROM fragment WHERE seen_run != ?", arguments: [run]) ?? 0
            try db.execute(sql: "DELETE FROM fragment WHERE seen_run != ?", arguments: [run])
            return removed
        }
    }

    /// Up to `limit` fragments marked stale: to be read again because what they reference changed.
    func staleFragments(limit: Int) throws -> [KnownFragment] {
        try pool.read { db in
            try Row.fetchAll(
                db, sql: "SELECT \(Self.knownColumns) FROM fragment WHERE stale = 1 ORDER BY id LIMIT ?",
                arguments: [limit]
            )
            .map(Self.known)
        }
    }

    /// Clears the stale mark of fragments that could not be read again (gone since the list was read).
    func clearStale(_ ids: [Int64]) throws {
        guard !ids.isEmpty else { return }
        try pool.write { db in
            try db.execute(
                sql: "UPDATE fragment SET stale = 0 WHERE id IN (\(Self.sqlList(ids)))")
        }
    }

    /// Ends a complete run: removes the images no fragment shows and the pages it did not read,
    /// in one transaction. Returns the image files to delete, to be deleted once the transaction
    /// is committed.
    func finishRun(_ run: Int64, now: Date) throws -> RunEnd {
        try pool.write { db in
            let files = try removeUnusedImages(db)
            try db.execute(sql: "DELETE FROM page WHERE run != ?", arguments: [run])
            try db.execute(
                sql: "UPDATE run SET finished_at = ?, cursor = NULL WHERE id = ?",
                arguments: [now.timeIntervalSince1970, run])
            try db.execute(sql: "DELETE FROM run WHERE id NOT IN (SELECT id FROM run ORDER BY id DESC LIMIT 20)")
            return RunEnd(removedImageFiles: files)
        }
    }

    /// Removes the images no fragment shows; returns their files, to be deleted once the transaction is committed.
    func removeUnusedImages(_ db: Database) throws -> [String] {
        let unused = "SELECT location FROM image WHERE location NOT IN (SELECT location FROM fragment_image)"
        let files = try String.fetchAll(db, sql: "SELECT file FROM image WHERE location IN (\(unused))")
        try db.execute(sql: "DELETE FROM image WHERE location IN (\(unused))")
        return files
    }

    /// Creates the indexes on `members` that do not exist yet (each with the path, the order's last key).
    func index(members: [MemberPath]) throws {
        let missing = members.filter { !$0.isColumn }
        guard !missing.isEmpty else { return }
        try pool.write { db in
            for member in missing {
                try db.execute(
                    sql: "CREATE INDEX IF NOT EXISTS \(member.indexName) ON fragment (\(member.sql), path)")
            }
        }
    }

    /// The value stored under `key` in the folder's settings.
    func meta(_ key: String) throws -> String? {
        try pool.read { db in try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [key]) }
    }

    /// Stores `value` under `key` (nil removes it).
    func setMeta(_ key: String, _ value: String?) throws {
        try pool.write { db in try Self.setMeta(db, key, value) }
    }

    /// Stores `value` under `key` (nil removes it) in the transaction of `db`.
    static func setMeta(_ db: Database, _ key: String, _ value: String?) throws {
        if let value {
            try db.execute(
                sql:
                    "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                arguments: [key, value])
        } else {
            try db.execute(sql: "DELETE FROM meta WHERE key = ?", arguments: [key])
        }
    }

    /// The file names of every image the store knows.
    func imageFiles() throws -> Set<String> {
        try pool.read { db in Set(try String.fetchAll(db, sql: "SELECT file FROM image")) }
    }

    // MARK: Reading before a page is applied

    /// The page asked with `cursor` as last applied, if it had validators.
    func storedPage(cursor: String) throws -> StoredPage? {
        try pool.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM page WHERE cursor = ?", arguments: [cursor]) else {
                return nil
            }
            let etag: String? = row["etag"]
            let lastModified: String? = row["last_modified"]
            let idsText: String = row["fragment_ids"]
            guard let validator = PageValidator.from(etag: etag, lastModified: lastModified),
                let ids = try? JSONDecoder().decode([Int64].self, from: Data(idsText.utf8))
            else { return nil }
            return StoredPage(validator: validator, nextCursor: row["next_cursor"], fragmentIDs: ids)
        }
    }

    /// The stored fragment each item is, if any: the one with its slug not yet found in this run
    /// (preferring the same path), else the one at its path. A fragment is matched at most once,
    /// and never one of `excluded` (found by a page not committed yet).
    func match(_ items: [SyncListItem], run: Int64, excluding excluded: Set<Int64> = []) throws -> [KnownFragment?] {
        try pool.read { db in
            var taken = excluded
            return try items.map { item in
                let columns = Self.knownColumns
                var candidates: [Row] = []
                if let slug = item.slug, !slug.isEmpty {
                    candidates = try Row.fetchAll(
                        db.cachedStatement(
                            sql: """
                                SELECT \(columns) FROM fragment WHERE slug = ? AND locale IS ? AND seen_run != ?
                                ORDER BY path = ? DESC, id
                                """), arguments: [slug, StoreSchema.locale(ofPath: item.path), run, item.path])
                }
                candidates += try Row.fetchAll(
                    db.cachedStatement(
                        sql: "SELECT \(columns) FROM fragment WHERE path = ? AND seen_run != ? ORDER BY id"),
                    arguments: [item.path, run])
                guard let row = candidates.first(where: { !taken.contains($0["id"]) }) else { return nil }
                let known = Self.known(row)
                taken.insert(known.id)
                return known
            }
        }
    }

    /// Which of `paths` this run found already.
    func seen(_ paths: [String], run: Int64) throws -> Set<String> {
        guard !paths.isEmpty else { return [] }
        return try pool.read { db in
            Set(
                try String.fetchAll(
                    db,
                    sql:
                        "SELECT path FROM fragment WHERE seen_run = ? AND path IN (\(databaseQuestionMarks(count: paths.count)))",
                    arguments: StatementArguments([run]) + StatementArguments(paths)))
        }
    }

    /// The paths of the fragments with these ids.
    func paths(ofFragments ids: [Int64]) throws -> Set<String> {
        guard !ids.isEmpty else { return [] }
        return try pool.read { db in
            Set(
                try String.fetchAll(
                    db, sql: "SELECT path FROM fragment WHERE id IN (\(Self.sqlList(ids)))"))
        }
    }

    /// The images stored for `locations`, by location (those not stored are absent), read in one query a few
    /// hundred at a time.
    func images(_ locations: [String]) throws -> [String: ImageRow] {
        try pool.read { db in
            var rows: [String: ImageRow] = [:]
            for start in stride(from: 0, to: locations.count, by: 500) {
                let part = Array(locations[start..<min(start + 500, locations.count)])
                for row in try Row.fetchAll(
                    db, sql: "SELECT * FROM image WHERE location IN (\(databaseQuestionMarks(count: part.count)))",
                    arguments: StatementArguments(part))
                {
                    let image = Self.imageRow(row)
                    rows[image.location] = image
                }
            }
            return rows
        }
    }

    /// The image stored for `location`.
    func image(_ location: String) throws -> ImageRow? {
        try pool.read { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM image WHERE location = ?"), arguments: [location])
                .map(Self.imageRow)
        }
    }

    /// The images these fragments show that are not on disk (a download that failed before).
    func missingImages(of ids: [Int64]) throws -> [String] {
        guard !ids.isEmpty else { return [] }
        return try pool.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT DISTINCT location FROM fragment_image
                    WHERE fragment_id IN (\(Self.sqlList(ids)))
                      AND location NOT IN (SELECT location FROM image)
                    """)
        }
    }

    /// Row ids as the text of an SQL list (`1,2,3`): integers only, so nothing from outside is spelled into the SQL.
    static func sqlList(_ ids: [Int64]) -> String {
        ids.map(String.init).joined(separator: ",")
    }

    static let knownColumns = "id, path, slug, model, list_hash, content_hash"

    static func known(_ row: Row) -> KnownFragment {
        KnownFragment(
            id: row["id"], path: row["path"], slug: row["slug"], model: row["model"],
            listHash: row["list_hash"], contentHash: row["content_hash"])
    }

    private static func imageRow(_ row: Row) -> ImageRow {
        ImageRow(
            location: row["location"], file: row["file"], source: row["source"], etag: row["etag"],
            lastModified: row["last_modified"], length: row["length"], checkedRun: row["checked_run"])
    }

    // MARK: Applying a page

    /// Applies a page read in full (or fragments read again, with no page), in one transaction.
    ///
    /// The write waits for the store's writer on GRDB's queue, not on a thread of the Swift
    /// runtime's pool, which the pages read meanwhile need.
    func apply(_ changes: PageChanges) async throws {
        let now = changes.now.timeIntervalSince1970
        try await pool.write { db in
            try upsert(db, images: changes.images, now: now)
            var ids: [Int64] = []
            for entry in changes.entries {
                switch entry {
                case .unchanged(let id, let listHash):
                    try Self.execute(
                        db,
                        sql: "UPDATE fragment SET seen_run = ?, last_seen = ?, list_hash = ? WHERE id = ?",
                        arguments: [changes.run, now, listHash, id])
                    ids.append(id)
                case .read(let existing, let item, let listHash, let detail, let contentHash):
                    ids.append(
                        try write(
                            db, existing: existing, item: item, listHash: listHash, detail: detail,
                            contentHash: contentHash, run: changes.run, now: now))
                }
            }
            guard let cursor = changes.cursor else { return }
            let idsText = String(decoding: try JSONEncoder().encode(ids), as: UTF8.self)
            try Self.execute(
                db,
                sql: """
                    INSERT INTO page (cursor, etag, last_modified, next_cursor, fragment_ids, run) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (cursor) DO UPDATE SET etag = excluded.etag, last_modified = excluded.last_modified,
                        next_cursor = excluded.next_cursor, fragment_ids = excluded.fragment_ids, run = excluded.run
                    """,
                arguments: [
                    cursor, changes.validator?.etag, changes.validator?.lastModified,
                    changes.nextCursor, idsText, changes.run,
                ])
            try advance(db, run: changes.run, to: changes.nextCursor)
        }
    }

    /// Applies a page the server answered 304: its fragments are found again as they were, with
    /// `images` that were missing and are now on disk.
    func applyNotModified(_ page: StoredPage, cursor: String, run: Int64, images: [ImageRow], now: Date) async throws {
        try await pool.write { db in
            try upsert(db, images: images, now: now.timeIntervalSince1970)
            let ids = Self.sqlList(page.fragmentIDs)
            try db.execute(
                sql: "UPDATE fragment SET seen_run = ?, last_seen = ? WHERE id IN (\(ids))",
                arguments: [run, now.timeIntervalSince1970])
            try Self.execute(db, sql: "UPDATE page SET run = ? WHERE cursor = ?", arguments: [run, cursor])
            try advance(db, run: run, to: page.nextCursor)
        }
    }

    /// Writes one fragment read in full and its images; returns its id.
    func write(
        _ db: Database, existing: KnownFragment?, item: SyncListItem, listHash: String, detail: SyncItemDetail,
        contentHash: String, run: Int64, now: Double
    ) throws -> Int64 {
        let id: Int64
        let changed: Bool
        if let existing {
            id = existing.id
            changed = existing.contentHash != contentHash || existing.path != item.path
            try Self.execute(
                db,
                sql: """
                    UPDATE fragment SET path = ?, slug = ?, model = ?, locale = ?, json = ?, content_hash = ?, list_hash = ?,
                        last_seen = ?, seen_run = ?, read_run = ?, stale = 0,
                        last_changed = CASE WHEN ? THEN ? ELSE last_changed END
                    WHERE id = ?
                    """,
                arguments: [
                    item.path, item.slug, item.model, StoreSchema.locale(ofPath: item.path), detail.json, contentHash,
                    listHash, now, run, run, changed, now, id,
                ])
            try Self.execute(db, sql: "DELETE FROM fragment_image WHERE fragment_id = ?", arguments: [id])
            try Self.execute(db, sql: "DELETE FROM fragment_reference WHERE fragment_id = ?", arguments: [id])
        } else {
            changed = true
            try Self.execute(
                db,
                sql: """
                    INSERT INTO fragment (path, slug, model, locale, json, content_hash, list_hash, first_seen, last_seen,
                                          last_changed, seen_run, read_run)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    item.path, item.slug, item.model, StoreSchema.locale(ofPath: item.path), detail.json, contentHash,
                    listHash, now, now, now, run, run,
                ])
            id = db.lastInsertedRowID
        }
        if changed {
            // Fragments that show this one (at its old path or its new one) are read again, unless this
            // run read them already, after the change.
            try Self.execute(
                db,
                sql: """
                    UPDATE fragment SET stale = 1
                    WHERE id != ? AND read_run != ? AND id IN (SELECT fragment_id FROM fragment_reference WHERE path IN (?, ?))
                    """, arguments: [id, run, existing?.path ?? item.path, item.path])
        }
        for location in Set(detail.imageLocations) {
            try Self.execute(
                db,
                sql: "INSERT INTO fragment_image (fragment_id, location) VALUES (?, ?)", arguments: [id, location])
        }
        for path in Set(detail.referencedPaths) {
            try Self.execute(
                db,
                sql: "INSERT INTO fragment_reference (fragment_id, path) VALUES (?, ?)", arguments: [id, path])
        }
        return id
    }

    func upsert(_ db: Database, images: [ImageRow], now: Double) throws {
        for image in images {
            try Self.execute(
                db,
                sql: """
                    INSERT INTO image (location, file, source, etag, last_modified, length, fetched_at, checked_run)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (location) DO UPDATE SET file = excluded.file, source = excluded.source, etag = excluded.etag,
                        last_modified = excluded.last_modified, length = excluded.length, fetched_at = excluded.fetched_at,
                        checked_run = excluded.checked_run
                    """,
                arguments: [
                    image.location, image.file, image.source, image.etag, image.lastModified, image.length, now,
                    image.checkedRun,
                ])
        }
    }

    /// Runs a statement that a page runs once per item: prepared once per connection, not per item.
    static func execute(_ db: Database, sql: String, arguments: StatementArguments = []) throws {
        try db.cachedStatement(sql: sql).execute(arguments: arguments)
    }

    private func advance(_ db: Database, run: Int64, to cursor: String?) throws {
        try db.execute(sql: "UPDATE run SET cursor = ?, pages = pages + 1 WHERE id = ?", arguments: [cursor, run])
    }
}
