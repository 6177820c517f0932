import Foundation
import GRDB

/// What the events of one journal batch change in the store: applied in one transaction together with the journal
/// position after the batch, so that a process killed at any moment either applied the batch and moved on, or did
/// neither.
struct EventChanges: Sendable {
    /// A fragment read again as it is now.
    struct Read: Sendable {
        var item: SyncListItem
        var detail: SyncItemDetail
        var contentHash: String
    }

    let run: Int64
    var reads: [Read]
    /// The paths of fragments that are gone, or no longer the source's.
    var absent: [String]
    /// The images the reads show that were fetched, and those revalidated for asset events.
    var images: [ImageRow]
    /// The meta key the journal position is kept under, and the position after the batch.
    var positionKey: String
    var position: String?
    var now: Date
}

/// What a batch of events changed in the store.
struct EventCounts: Sendable {
    var added = 0, changed = 0, moved = 0, unchanged = 0, removed = 0
}

extension StoreDatabase {
    /// Starts the run that applies one batch of events. It is recorded as finished at once, so that a full sync never
    /// takes it for an interrupted one to resume; `apply(_:)` sets its end.
    func beginEventRun(now: Date) throws -> Int64 {
        try pool.write { db in
            let time = now.timeIntervalSince1970
            try db.execute(sql: "INSERT INTO run (started_at, finished_at) VALUES (?, ?)", arguments: [time, time])
            return db.lastInsertedRowID
        }
    }

    /// Applies a batch's reads and removals with its journal position, in one transaction: fragments that show a
    /// changed or removed one are marked stale (read again next), and images no fragment shows any more are
    /// removed. Returns what changed and the image files to delete once the transaction is committed.
    func apply(_ changes: EventChanges) throws -> (counts: EventCounts, removedImageFiles: [String]) {
        try pool.write { db in
            let now = changes.now.timeIntervalSince1970
            try upsert(db, images: changes.images, now: now)
            var counts = EventCounts()
            for read in changes.reads {
                let existing = try Self.stored(db, as: read.item)
                if let existing {
                    if existing.path != read.item.path { counts.moved += 1 }
                    if existing.path != read.item.path || existing.contentHash != read.contentHash {
                        counts.changed += 1
                    } else {
                        counts.unchanged += 1
                    }
                } else {
                    counts.added += 1
                }
                // The list entry is not read: the last one listed stays, so that the next sync that reads the list
                // reads the fragment again only when its entry changed.
                _ = try write(
                    db, existing: existing, item: read.item, listHash: existing?.listHash ?? "", detail: read.detail,
                    contentHash: read.contentHash, run: changes.run, now: now)
            }
            for path in changes.absent {
                try Self.execute(
                    db,
                    sql: """
                        UPDATE fragment SET stale = 1
                        WHERE path != ? AND id IN (SELECT fragment_id FROM fragment_reference WHERE path = ?)
                        """, arguments: [path, path])
                try Self.execute(db, sql: "DELETE FROM fragment WHERE path = ?", arguments: [path])
                counts.removed += db.changesCount
            }
            let files = try removeUnusedImages(db)
            try db.execute(sql: "UPDATE run SET finished_at = ? WHERE id = ?", arguments: [now, changes.run])
            try db.execute(
                sql: """
                    DELETE FROM run WHERE finished_at IS NOT NULL
                      AND id NOT IN (SELECT id FROM run ORDER BY id DESC LIMIT 20)
                    """)
            try Self.setMeta(db, changes.positionKey, changes.position)
            return (counts, files)
        }
    }

    /// The image locations the store holds for an asset an event names: those that are its DAM path, or that carry
    /// its id (a `_dynamicUrl` holds `dm-aid--<uuid>`, a delivery URL `urn:aaid:aem:<uuid>`).
    func imageLocations(ofAsset path: String?, id: String?) throws -> [String] {
        let uuid = id.map { $0.hasPrefix("urn:aaid:aem:") ? String($0.dropFirst("urn:aaid:aem:".count)) : $0 }
        guard path?.isEmpty == false || uuid?.isEmpty == false else { return [] }
        return try pool.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT location FROM image
                    WHERE location = ? OR (? != '' AND instr(location, ?) > 0)
                    ORDER BY location
                    """, arguments: [path ?? "", uuid ?? "", uuid ?? ""])
        }
    }

    /// The stored fragment `item` is: the one at its path, else the one with its slug in its locale.
    private static func stored(_ db: Database, as item: SyncListItem) throws -> KnownFragment? {
        if let row = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT \(knownColumns) FROM fragment WHERE path = ?"), arguments: [item.path])
        {
            return known(row)
        }
        guard let slug = item.slug, !slug.isEmpty else { return nil }
        return try Row.fetchOne(
            db.cachedStatement(
                sql: "SELECT \(knownColumns) FROM fragment WHERE slug = ? AND locale IS ? ORDER BY id LIMIT 1"),
            arguments: [slug, StoreSchema.locale(ofPath: item.path)]
        )
        .map(known)
    }
}
