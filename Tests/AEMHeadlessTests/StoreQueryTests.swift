import AEMHeadless
import Foundation
import GRDB
import Testing

@testable import AEMHeadlessSync

/// Queries of a mirror — conditions, sorts, search — against a store of generated fragments, each compared with the
/// same selection made in Swift over every fragment.
@Suite("ContentStore queries, search and changes", .serialized)
struct StoreQueryTests {
    /// One generated fragment's members, as the oracle sees them.
    struct Item {
        var path: String
        var model: String
        var title: String
        var price: Double?
        var activity: String
        var author: String
        var featured: Bool
        var body: String
    }

    static let activities = ["Surfing", "Cycling", "Hiking", "Skiing", "Rock Climbing", "Camping"]
    static let words = ["river", "mountain", "coast", "forest", "glacier", "canyon", "island", "valley"]

    /// `count` fragments in a store in `folder`, deterministic from `seed`, written through the store's own writer
    /// (so its triggers index them for search and log them as changes).
    static func makeStore(in folder: URL, count: Int, seed: UInt64 = 7) throws -> [Item] {
        var random = SeededRandom(seed: seed)
        var items: [Item] = []
        for index in 0..<count {
            let activity = activities[Int(random.next() % UInt64(activities.count))]
            let word = words[Int(random.next() % UInt64(words.count))]
            let other = words[Int(random.next() % UInt64(words.count))]
            items.append(
                Item(
                    path: String(format: "/content/dam/site/en/item-%05d", index),
                    model: index % 3 == 0 ? "article" : "adventure",
                    title: "\(activity) the \(word) \(index)",
                    price: index % 10 == 9 ? nil : Double(random.next() % 2000) / 2,
                    activity: activity, author: ["Olsen", "Okafor", "Ng", "Ruiz"][index % 4],
                    featured: random.next() % 2 == 0,
                    body: "A trip along the \(other) and back through the \(word)."))
        }
        let database = try StoreDatabase(SyncDirectory(url: folder))
        try database.pool.write { db in
            for (index, item) in items.enumerated() {
                let fields: UntypedJSON = [
                    "_path": .string(item.path), "title": .string(item.title), "activity": .string(item.activity),
                    "featured": .bool(item.featured), "author": ["lastName": .string(item.author)],
                    "description": [
                        "html": .string("<p>\(item.body)</p>"),
                        "json": [
                            [
                                "nodeType": "paragraph",
                                "content": [["nodeType": "text", "value": .string(item.body)]],
                            ]
                        ],
                    ],
                ]
                var members = fields.members ?? []
                if let price = item.price { members.append(UntypedJSON.Member("price", UntypedJSON(price))) }
                let document: UntypedJSON = ["item": .object(members)]
                let json = Data(document.jsonBytes())
                try db.execute(
                    sql: """
                        INSERT INTO fragment (path, slug, model, json, content_hash, list_hash, first_seen, last_seen,
                            last_changed, seen_run, read_run, locale)
                        VALUES (?, ?, ?, ?, ?, '', 0, 0, 0, 1, 1, 'en')
                        """,
                    arguments: [item.path, "item-\(index)", item.model, json, "hash-\(index)"])
            }
        }
        return items
    }

    private static let count = 3_000

    @Test func conditionsAndSortsSelectWhatSwiftSelects() async throws {
        try await onOwnThread {
            try withTemporaryFolder { folder in
                let items = try Self.makeStore(in: folder, count: Self.count)
                let store = try ContentStore(directory: folder)
                func check(
                    _ query: FragmentQuery, _ expected: [Item], sourceLocation: SourceLocation = #_sourceLocation
                ) throws {
                    let paths = try store.fragments(matching: query).map(\.path)
                    #expect(paths == expected.map(\.path), sourceLocation: sourceLocation)
                    #expect(try store.count(matching: query) >= paths.count, sourceLocation: sourceLocation)
                }
                let byPath = items.sorted { $0.path < $1.path }
                try check(FragmentQuery(where: .less("price", 100)), byPath.filter { ($0.price ?? .infinity) < 100 })
                try check(
                    FragmentQuery(where: .lessOrEqual("price", 100)), byPath.filter { ($0.price ?? .infinity) <= 100 })
                try check(FragmentQuery(where: .greater("price", 900)), byPath.filter { ($0.price ?? -1) > 900 })
                try check(
                    FragmentQuery(where: .greaterOrEqual("price", 900)), byPath.filter { ($0.price ?? -1) >= 900 })
                try check(
                    FragmentQuery(where: .equal("activity", "Surfing")), byPath.filter { $0.activity == "Surfing" })
                try check(
                    FragmentQuery(where: .notEqual("activity", "Surfing")), byPath.filter { $0.activity != "Surfing" })
                try check(FragmentQuery(where: .equal("price", .null)), byPath.filter { $0.price == nil })
                try check(FragmentQuery(where: .equal("featured", true)), byPath.filter(\.featured))
                try check(
                    FragmentQuery(where: .contains("title", "CLIMB")), byPath.filter { $0.title.contains("Climb") })
                try check(
                    FragmentQuery(where: .oneOf("activity", ["Hiking", "Camping"])),
                    byPath.filter { ["Hiking", "Camping"].contains($0.activity) })
                try check(FragmentQuery(where: .equal("author.lastName", "Ng")), byPath.filter { $0.author == "Ng" })
                try check(
                    FragmentQuery(model: "article", where: .less("price", 300) && !.equal("author.lastName", "Olsen")),
                    byPath.filter { $0.model == "article" && ($0.price ?? .infinity) < 300 && $0.author != "Olsen" })
                try check(
                    FragmentQuery(where: .equal("activity", "Skiing") || .greater("price", 990)),
                    byPath.filter { $0.activity == "Skiing" || ($0.price ?? -1) > 990 })

                // Sorted by a member (missing ones first ascending, last descending), then by path; pages of 50.
                let descending = items.sorted {
                    ($0.price ?? -1, $0.path) > ($1.price ?? -1, $1.path)
                }
                try check(FragmentQuery(sort: [.descending("price")], limit: 50), Array(descending.prefix(50)))
                try check(
                    FragmentQuery(sort: [.descending("price")], limit: 50, offset: 50), Array(descending[50..<100]))
                let byActivityThenTitle = items.filter { $0.model == "adventure" }.sorted {
                    ($0.activity, $1.title, $1.path) < ($1.activity, $0.title, $0.path)
                }
                try check(
                    FragmentQuery(model: "adventure", sort: [.ascending("activity"), .descending("title")], limit: 20),
                    Array(byActivityThenTitle.prefix(20)))
                let articles = try store.count(matching: FragmentQuery(model: "article"))
                #expect(articles == items.filter { $0.model == "article" }.count)

                // Decoded as the app's own type.
                struct Card: Decodable {
                    struct Item: Decodable {
                        var title: String
                        var price: Double?
                    }
                    var item: Item
                }
                let cards = try store.decode(
                    Card.self, matching: FragmentQuery(where: .less("price", 5), sort: [.ascending("price")]))
                #expect(cards.map(\.item.price) == byPath.compactMap(\.price).filter { $0 < 5 }.sorted().map { $0 })
            }
        }
    }

    @Test func theWhereAndSortTextsReadAsTheTypedOnes() throws {
        #expect(
            try FragmentPredicate(parsing: "price < 500 AND activity ~ surf")
                == .and([.less("price", 500), .contains("activity", "surf")]))
        #expect(
            try FragmentPredicate(parsing: "difficulty IN (Beginner, 'Very Hard') OR NOT featured = true")
                == .or([.oneOf("difficulty", ["Beginner", "Very Hard"]), .not(.equal("featured", true))]))
        #expect(
            try FragmentPredicate(parsing: "author.lastName != \"O'Neil\"") == .notEqual("author.lastName", "O'Neil"))
        #expect(try FragmentSort.parsing("price DESC, title") == [.descending("price"), .ascending("title")])
        for bad in [
            "", "price <", "price ?? 3", "price < 5 AND", "'price' = 3", "price = 'open", "pri ce = 1", "a..b = 1",
            // Found by fuzzing: a `!` without `=` read as an empty word, forever.
            "NOT!price <= 100", "price ! 3",
        ] {
            #expect(throws: SyncError.self, "\(bad)") { try FragmentPredicate(parsing: bad) }
        }
        #expect(throws: SyncError.self) { try FragmentSort.parsing("price SIDEWAYS") }
        #expect(throws: SyncError.self) { try FragmentQuery(where: .equal("x'; DROP TABLE fragment; --", 1)).sql() }
    }

    @Test func searchRanksTitlesFirstAndFindsRichText() async throws {
        try await onOwnThread {
            try withTemporaryFolder { folder in
                let items = try Self.makeStore(in: folder, count: Self.count)
                let store = try ContentStore(directory: folder)
                let found = try store.search("glacier", limit: 500)
                let inTitle = items.filter { $0.title.contains("glacier") }
                let inBody = items.filter { $0.body.contains("glacier") }
                #expect(
                    Set(found.map(\.path)) == Set((inTitle + inBody).map(\.path)).intersection(Set(found.map(\.path))))
                #expect(found.count == min(500, Set((inTitle + inBody).map(\.path)).count))
                // Title matches rank above matches in the text alone.
                let firstBodyOnly =
                    found.firstIndex { path in !inTitle.contains { $0.path == path.path } } ?? found.count
                #expect(found.prefix(firstBodyOnly).count >= min(inTitle.count, 500) - 1)
                // Every word required; the last as a prefix; diacritics ignored; operators are words.
                let both = try store.fragments(matching: FragmentQuery(search: "rock glac", limit: 1_000))
                #expect(
                    Set(both.map(\.path))
                        == Set(
                            items.filter { $0.title.hasPrefix("Rock") && ($0.title + $0.body).contains("glac") }.map(
                                \.path)
                        ))
                #expect(try store.search("GLÂCIER", limit: 500).count == found.count)
                #expect(try store.search("OR AND NOT \" *", limit: 5).isEmpty)
                // Search with a condition and a sort.
                let cheap = try store.fragments(
                    matching: FragmentQuery(where: .less("price", 200), search: "glacier", sort: [.ascending("price")]))
                #expect(
                    cheap.count == Set((inTitle + inBody).filter { ($0.price ?? .infinity) < 200 }.map(\.path)).count)
            }
        }
    }

    @Test func changesAreLoggedInOrderAndObserveCoalesces() async throws {
        try await withTemporaryFolder { folder in
            _ = try Self.makeStore(in: folder, count: 10)
            let store = try ContentStore(directory: folder)
            let start = try store.lastChangeSequence()
            #expect(start == 10)
            let database = try StoreDatabase(SyncDirectory(url: folder))
            let observed = store.observe(
                checkingEvery: .milliseconds(20), coalescing: .milliseconds(50)
            ) { try $0.count(matching: FragmentQuery(where: .less("price", 10_000))) }
            var values = observed.makeAsyncIterator()
            let first = try await values.next()
            try await database.pool.write { db in
                try db.execute(
                    sql: "UPDATE fragment SET json = ?, content_hash = 'new' WHERE path LIKE '%00001'",
                    arguments: [Data(#"{"item":{"title":"Renamed","price":5}}"#.utf8)])
                try db.execute(sql: "UPDATE fragment SET path = path || '-moved' WHERE path LIKE '%00002'")
                try db.execute(sql: "DELETE FROM fragment WHERE path LIKE '%00003'")
                try db.execute(sql: "UPDATE fragment SET last_seen = 9 WHERE path LIKE '%00004'") // no change
            }
            let changes = try await Array(store.changes(after: start).prefix(4))
            #expect(changes.map(\.kind) == [.changed, .removed, .added, .removed])
            #expect(changes.map(\.path).first?.hasSuffix("00001") == true)
            #expect(changes[2].path.hasSuffix("00002-moved"))
            #expect(changes.map(\.sequence) == changes.map(\.sequence).sorted())
            #expect(changes.allSatisfy { $0.locale?.identifier == "en" || $0.kind == .removed })
            let second = try await values.next()
            #expect(first != nil && second != nil && second != first)
            #expect(try store.search("renamed").map(\.path).first?.hasSuffix("00001") == true)
        }
    }

    @Test func observeCoalescesABurstOfChanges() async throws {
        try await withTemporaryFolder { folder in
            _ = try Self.makeStore(in: folder, count: 200)
            let store = try ContentStore(directory: folder)
            let database = try StoreDatabase(SyncDirectory(url: folder))
            let counts = store.observe(checkingEvery: .milliseconds(50), coalescing: .seconds(1)) {
                try $0.count(matching: FragmentQuery(where: .equal("activity", "Burst")))
            }
            var values = counts.makeAsyncIterator()
            #expect(try await values.next() == 0)
            // A sync-like burst: 100 transactions of 2 changes each.
            for batch in 0..<100 {
                try await database.pool.write { db in
                    for offset in 0..<2 {
                        let path = String(format: "/content/dam/site/en/item-%05d", batch * 2 + offset)
                        try db.execute(
                            sql: "UPDATE fragment SET json = ?, content_hash = ? WHERE path = ?",
                            arguments: [Data(#"{"item":{"activity":"Burst"}}"#.utf8), "burst-\(path)", path])
                    }
                }
            }
            var seen: [Int] = []
            while seen.last != 200, let next = try await values.next() { seen.append(next) }
            #expect(seen.last == 200)
            // Each wake reads once for however many transactions came before it settled: far fewer than 100.
            #expect(seen.count < 50, "200 changes in 100 transactions woke the reader \(seen.count) times: \(seen)")
        }
    }

    @Test func aReaderTooFarBehindIsToldItMissedChanges() async throws {
        try await withTemporaryFolder { folder in
            try await onOwnThread { _ = try Self.makeStore(in: folder, count: StoreSchema.changeLogCapacity + 5) }
            let store = try ContentStore(directory: folder)
            let first = try await Array(store.changes(after: 0).prefix(2))
            #expect(first.first?.kind == .overflow)
            #expect(first.last?.sequence == first.first.map { $0.sequence + 1 })
        }
    }

    /// Runs `work` on a thread of its own: building and reading a store of thousands of fragments blocks, and would
    /// hold one of the few threads that run the tests' tasks, and the emulators other suites run in this process.
    private func onOwnThread(_ work: @escaping @Sendable () throws -> Void) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
        }
    }
}
