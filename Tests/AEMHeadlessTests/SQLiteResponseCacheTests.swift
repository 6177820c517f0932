import AEMHeadless
import Foundation
import GRDB
import Testing

@testable import AEMHeadlessSQLiteCache

/// The events a cache reported.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [SQLiteCacheEvent] = []
    var all: [SQLiteCacheEvent] { lock.withLock { events } }
    func record(_ event: SQLiteCacheEvent) { lock.withLock { events.append(event) } }
}

@Suite("SQLiteResponseCache: a persistent, bounded, shared cache file")
struct SQLiteResponseCacheTests {
    func response(_ text: String, bytes: Int = 0, at date: Date = Date()) -> CachedResponse {
        CachedResponse(
            status: 200,
            headers: ["Content-Type": "application/json", "ETag": "\"\(text)\"", "Cache-Control": "max-age=60"],
            body: Data((text + String(repeating: " ", count: bytes)).utf8), storedAt: date)
    }

    @Test("what is stored is found again by a new instance on the same file, with its headers and time")
    func persists() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("nested/cache.sqlite")
            let key = CacheKey(url: "https://h/graphql/execute.json/a;x=1;", identity: "anonymous")
            let stored = response("one", at: Date(timeIntervalSince1970: 1_700_000_000.5))
            do {
                let cache = try SQLiteResponseCache(fileURL: file)
                #expect(await cache.lookup(key) == nil)
                await cache.store(stored, for: key)
            }
            let reopened = try SQLiteResponseCache(fileURL: file)
            let found = try #require(await reopened.lookup(key))
            #expect(found == stored)
            #expect(found.headers["etag"] == "\"one\"")
            await reopened.remove(key)
            #expect(await reopened.lookup(key) == nil)
            let mode = try await DatabaseQueue(path: file.path).read {
                try String.fetchOne($0, sql: "PRAGMA journal_mode")
            }
            #expect(mode == "wal")
        }
    }

    @Test("a content change marks the answers that hold it, by tag, until they are stored again")
    func invalidation() async throws {
        try await withTemporaryFolder { folder in
            let cache = try SQLiteResponseCache(fileURL: folder.appendingPathComponent("c.sqlite"))
            let (list, other) = (
                CacheKey(url: "https://h/list", identity: "anonymous"),
                CacheKey(url: "https://h/other", identity: "anonymous")
            )
            var tagged = response("list")
            tagged.tags = ["cf:/content/dam/a", "model:adventure"]
            await cache.store(tagged, for: list)
            var untouched = response("other")
            untouched.tags = ["cf:/content/dam/b"]
            await cache.store(untouched, for: other)

            let change = ContentChange(tags: ["cf:/content/dam/a", "cf-id:1"], mark: "abc")
            #expect(await cache.invalidate(change) == 1)
            let marked = try #require(await cache.lookup(list))
            #expect(marked.changeMark == "abc")
            #expect(marked.tags == ["cf:/content/dam/a", "model:adventure"])
            #expect(await cache.lookup(other)?.changeMark == nil)
            // Stored again (fetched anew): the mark goes, the tags are the new answer's.
            var refetched = response("list2")
            refetched.tags = ["cf:/content/dam/a"]
            await cache.store(refetched, for: list)
            #expect(await cache.lookup(list)?.changeMark == nil)
            #expect(await cache.lookup(list)?.tags == ["cf:/content/dam/a"])
            #expect(await cache.invalidate(ContentChange(tags: ["model:adventure"], mark: "x")) == 0)
        }
    }

    @Test("two identities never share an entry, and the token digest reveals nothing")
    func identities() async throws {
        try await withTemporaryFolder { folder in
            let cache = try SQLiteResponseCache(fileURL: folder.appendingPathComponent("c.sqlite"))
            let url = "https://h/graphql/execute.json/a"
            await cache.store(response("alice"), for: CacheKey(url: url, identity: "basic:alice"))
            #expect(await cache.lookup(CacheKey(url: url, identity: "basic:bob")) == nil)
            #expect(await cache.lookup(CacheKey(url: url, identity: "anonymous")) == nil)
            #expect(
                String(
                    decoding: try #require(await cache.lookup(CacheKey(url: url, identity: "basic:alice"))).body,
                    as: UTF8.self) == "alice")
            let digest = cache.identityDigest(of: "secret-token-1")
            #expect(digest.count == 32 && !digest.contains("secret"))
            #expect(digest != cache.identityDigest(of: "secret-token-2"))
            #expect(digest == cache.identityDigest(of: "secret-token-1"))
            let bytes =
                try Data(contentsOf: folder.appendingPathComponent("c.sqlite"))
                + ((try? Data(contentsOf: folder.appendingPathComponent("c.sqlite-wal"))) ?? Data())
            #expect(bytes.range(of: Data("secret-token".utf8)) == nil)
        }
    }

    /// A cache on `file` whose clock moves a second at each reading, so that every store and use
    /// is later than the one before.
    func tickingCache(_ file: URL, maxBytes: Int, clock: TestClock) throws -> SQLiteResponseCache {
        try SQLiteResponseCache(
            fileURL: file, maxBytes: maxBytes, onEvent: { _ in }, prepareDatabase: nil, now: clock.reading)
    }

    @Test("past the size limit the least recently used answers go first")
    func eviction() async throws {
        try await withTemporaryFolder { folder in
            let clock = TestClock(ticking: true)
            let cache = try tickingCache(folder.appendingPathComponent("c.sqlite"), maxBytes: 10_000, clock: clock)
            let keys = (0..<4).map { CacheKey(url: "https://h/q;n=\($0);", identity: "anonymous") }
            for key in keys.prefix(3) {
                await cache.store(response(key.url, bytes: 3_000), for: key)
            }
            await cache.touch(keys[0]) // now the most recently used
            await cache.store(response(keys[3].url, bytes: 3_000), for: keys[3])
            #expect(await cache.lookup(keys[1]) == nil)
            #expect(await cache.lookup(keys[0]) != nil)
            #expect(await cache.lookup(keys[2]) != nil)
            #expect(await cache.lookup(keys[3]) != nil)
            let stats = try cache.statistics()
            #expect(stats.entries == 3)
            #expect(stats.bytes <= 10_000)
            // An answer larger than the whole cache is not kept, and evicts nothing.
            await cache.store(
                response("huge", bytes: 20_000), for: CacheKey(url: "https://h/huge", identity: "anonymous"))
            #expect(try cache.statistics().entries == 3)
        }
    }

    @Test("a use recorded by touch is written with the next write, or when the cache is released")
    func touchIsKept() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("c.sqlite")
            let clock = TestClock(ticking: true)
            let keys = (0..<3).map { CacheKey(url: "https://h/q;n=\($0);", identity: "anonymous") }
            do {
                let cache = try tickingCache(file, maxBytes: 10_000, clock: clock)
                for key in keys.prefix(2) {
                    await cache.store(response(key.url, bytes: 3_000), for: key)
                }
                await cache.touch(keys[0])
            }
            let reopened = try tickingCache(file, maxBytes: 7_000, clock: clock)
            await reopened.store(response(keys[2].url, bytes: 3_000), for: keys[2])
            #expect(await reopened.lookup(keys[0]) != nil)
            #expect(await reopened.lookup(keys[1]) == nil)
        }
    }

    @Test("closing leaves a short write-ahead log for the next opener, and copies a long one into the file")
    func logOnClose() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("c.sqlite")
            let log = file.path + "-wal"
            func logBytes() -> Int { ((try? FileManager.default.attributesOfItem(atPath: log))?[.size] as? Int) ?? 0 }
            let key = CacheKey(url: "https://h/q", identity: "anonymous")
            do {
                let cache = try SQLiteResponseCache(fileURL: file)
                await cache.store(response("kept"), for: key)
            }
            #expect(logBytes() > 0)
            do {
                let reopened = try SQLiteResponseCache(fileURL: file)
                #expect(await reopened.lookup(key) != nil)
                for index in 0..<100 {
                    await reopened.store(
                        response("entry \(index)", bytes: 2_000),
                        for: CacheKey(url: "https://h/\(index)", identity: "anonymous"))
                }
                #expect(logBytes() > SQLiteResponseCache.logBytesLeftOnClose)
            }
            #expect(logBytes() == 0)
            #expect(try SQLiteResponseCache(fileURL: file).statistics().entries == 101)
        }
    }

    @Test("eviction reads only the covering index; a file of the first version is upgraded and keeps its answers")
    func evictionIndex() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("c.sqlite")
            let key = CacheKey(url: "https://h/q;n=1;", identity: "anonymous")
            do {
                // A file as the first version left it: its tables, and only "v1" applied.
                let queue = try DatabaseQueue(path: file.path)
                try CacheSchema.migrator.migrate(queue, upTo: "v1")
                try await queue.write { db in
                    try db.execute(
                        sql: """
                            INSERT INTO response (identity, url, status, headers, body, size, stored_at, last_used)
                            VALUES (?, ?, 200, '[]', ?, 10, 0, 0)
                            """, arguments: [key.identity, key.url, Data("kept".utf8)])
                }
                try queue.close()
            }
            let cache = try SQLiteResponseCache(fileURL: file, maxBytes: 10_000)
            #expect(await cache.lookup(key)?.body == Data("kept".utf8))
            let plan = try await DatabaseQueue(path: file.path).read { db in
                try Row.fetchAll(
                    db,
                    sql: """
                        EXPLAIN QUERY PLAN SELECT id, sum(size) OVER (ORDER BY last_used DESC, id DESC) FROM response
                        """
                ).map { $0["detail"] as String? ?? "" }
            }
            #expect(plan.contains { $0.contains("COVERING INDEX response_lru") }, "\(plan)")
        }
    }

    @Test(
        "a file that is not a database, or a truncated one, is moved aside and rebuilt with a warning",
        arguments: ["garbage", "truncated"])
    func damagedFile(kind: String) async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("c.sqlite")
            let key = CacheKey(url: "https://h/q", identity: "anonymous")
            if kind == "garbage" {
                try Data("this is not an SQLite database, just text that someone wrote here".utf8).write(to: file)
            } else {
                do {
                    let cache = try SQLiteResponseCache(fileURL: file)
                    for index in 0..<50 {
                        await cache.store(
                            response("entry \(index)", bytes: 2_000),
                            for: CacheKey(url: "https://h/\(index)", identity: "anonymous"))
                    }
                }
                // Everything into the file first: closing leaves the write-ahead log as it is.
                try await DatabaseQueue(path: file.path).writeWithoutTransaction { try $0.checkpoint(.truncate) }
                let whole = try Data(contentsOf: file)
                try whole.prefix(whole.count / 3).write(to: file)
                try? FileManager.default.removeItem(at: URL(fileURLWithPath: file.path + "-wal"))
                try? FileManager.default.removeItem(at: URL(fileURLWithPath: file.path + "-shm"))
            }
            let events = EventLog()
            let cache = try SQLiteResponseCache(fileURL: file, onEvent: events.record)
            #expect(await cache.lookup(key) == nil)
            await cache.store(response("new"), for: key)
            #expect(await cache.lookup(key) != nil)
            let rebuilt = events.all.compactMap { event -> URL? in
                if case .rebuilt(let aside, _) = event { return aside }
                return nil
            }
            #expect(rebuilt.count == 1)
            let aside = try #require(rebuilt.first)
            #expect(aside.lastPathComponent.hasPrefix("c.sqlite.corrupt-"))
            #expect(FileManager.default.fileExists(atPath: aside.path))
        }
    }

    @Test("a full disk makes storing fail softly, reported as an event")
    func fullDisk() async throws {
        try await withTemporaryFolder { folder in
            let events = EventLog()
            // max_page_count makes SQLite answer SQLITE_FULL as a full disk would.
            let cache = try SQLiteResponseCache(
                fileURL: folder.appendingPathComponent("c.sqlite"), maxBytes: 1 << 30,
                onEvent: events.record
            ) { db in
                try db.execute(sql: "PRAGMA max_page_count = 16")
            }
            let key = CacheKey(url: "https://h/big", identity: "anonymous")
            await cache.store(response("big", bytes: 200_000), for: key)
            #expect(await cache.lookup(key) == nil)
            #expect(events.all.contains { if case .storeFailed = $0 { true } else { false } })
            let small = CacheKey(url: "https://h/small", identity: "anonymous")
            await cache.store(response("small"), for: small)
            #expect(await cache.lookup(small) != nil)
        }
    }

    @Test("many writers at once, on one instance and on separate connections, lose nothing")
    func concurrentWriters() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("c.sqlite")
            let caches = try (0..<4).map { _ in try SQLiteResponseCache(fileURL: file) }
            let events = EventLog()
            let shared = try SQLiteResponseCache(fileURL: file, onEvent: events.record)
            await withTaskGroup(of: Void.self) { group in
                for writer in 0..<8 {
                    group.addTask {
                        let cache = writer < 4 ? caches[writer] : shared
                        for index in 0..<25 {
                            await cache.store(
                                self.response("w\(writer)-\(index)", bytes: 500),
                                for: CacheKey(url: "https://h/\(writer)/\(index)", identity: "anonymous"))
                        }
                    }
                }
            }
            #expect(try shared.statistics().entries == 200)
            #expect(events.all.isEmpty)
            for writer in 0..<8 {
                let found = try #require(
                    await caches[0].lookup(CacheKey(url: "https://h/\(writer)/24", identity: "anonymous")))
                #expect(String(decoding: found.body, as: UTF8.self).hasPrefix("w\(writer)-24"))
            }
        }
    }

    @Test("runs are recorded for the hit ratio; clear empties everything")
    func runsAndClear() async throws {
        try await withTemporaryFolder { folder in
            let cache = try SQLiteResponseCache(fileURL: folder.appendingPathComponent("c.sqlite"))
            cache.recordRun(RunCounts(hits: 3, revalidated: 0, misses: 1))
            cache.recordRun(RunCounts(hits: 0, revalidated: 1, misses: 3))
            await cache.store(response("x"), for: CacheKey(url: "https://h/x", identity: "anonymous"))
            var stats = try cache.statistics()
            #expect(stats.recentRunCount == 2)
            #expect(stats.recentRuns == RunCounts(hits: 3, revalidated: 1, misses: 4))
            #expect(stats.recentRuns.hitRatio == 3.0 / 8.0)
            #expect(try cache.statistics(recentRuns: 1).recentRuns == RunCounts(hits: 0, revalidated: 1, misses: 3))
            #expect(stats.oldest != nil && stats.entries == 1)
            try cache.clear()
            stats = try cache.statistics()
            #expect(stats.entries == 0 && stats.recentRunCount == 0 && stats.oldest == nil)
        }
    }
}
