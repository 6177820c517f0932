import AEMEmulator
import AEMHeadless
import AEMHeadlessSync
import EmulatorTestSupport
import Foundation
import GRDB
import Testing
import WKNDSample

@Suite("A synced folder's damaged database", .serialized)
struct DamagedStoreTests {
    let sample: EmulatorContent

    init() throws {
        sample = try EmulatorContent.sample()
    }

    @Test(
        "a database that is not one, a truncated one, or one with a damaged table is moved aside with a warning and filled again",
        arguments: ["garbage", "truncated", "damaged table"])
    func movedAsideAndRebuilt(kind: String) async throws {
        try await withSyncFolder { folder, _ in
            let file = folder.appendingPathComponent("content.sqlite")
            if kind == "garbage" {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data("this is not an SQLite database, just text that someone wrote here".utf8).write(to: file)
            } else if kind == "truncated" {
                // A whole store first; the last connection's close copies the write-ahead log into it.
                try await sync(sample, into: folder)
                let whole = try Data(contentsOf: file)
                try whole.prefix(whole.count / 3).write(to: file)
                for suffix in ["-wal", "-shm"] {
                    try? FileManager.default.removeItem(at: URL(fileURLWithPath: file.path + suffix))
                }
            } else {
                // The fragments' table and indexes overwritten, the rest whole: opening and
                // migrating succeed, and only the first read of the fragments finds the damage.
                try await sync(sample, into: folder)
                try Self.overwriteFragmentPages(of: file)
            }
            let warnings = LockedValue<[String]>([])
            let report = try await withService(sample) { _, aem in
                try await SyncEngine(aem: aem, directory: folder, concurrency: 4)
                    .sync(AdventureSyncSource(aem: aem, pageSize: 100)) { event in
                        if case .warning(let text) = event { warnings.withLock { $0.append(text) } }
                    }
            }
            #expect(report.added == sample.adventures.count)
            #expect(try ContentStore(directory: folder).adventures().count == sample.adventures.count)

            let damage = warnings.value.filter { $0.contains("database was damaged") }
            #expect(damage.count == 1, "\(warnings.value)")
            let asides = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { $0.hasPrefix("content.sqlite.corrupt-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
            #expect(asides.count == 1, "\(asides)")
            if let aside = asides.first { #expect(damage.first?.contains(aside) == true) }
        }
    }

    /// Overwrites the root page of the `fragment` table and of each of its indexes with bytes
    /// that are no SQLite page.
    private static func overwriteFragmentPages(of file: URL) throws {
        let (pageSize, roots): (Int, [Int]) = try {
            let queue = try DatabaseQueue(path: file.path)
            defer { try? queue.close() }
            return try queue.read { db in
                (
                    try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096,
                    try Int.fetchAll(
                        db, sql: "SELECT rootpage FROM sqlite_master WHERE tbl_name = 'fragment' AND rootpage > 0")
                )
            }
        }()
        #expect(roots.count == 5, "the table and its four indexes: \(roots)")
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        for root in roots {
            try handle.seek(toOffset: UInt64((root - 1) * pageSize))
            try handle.write(contentsOf: Data(repeating: 0x41, count: pageSize))
        }
    }
}
