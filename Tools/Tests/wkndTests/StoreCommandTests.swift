import AEMEmulator
import AEMHeadless
import AEMHeadlessSync
import EmulatorTestSupport
import Foundation
import GRDB
import Testing
import WKNDSample

@testable import WKNDCore

/// `--store`: `wknd list`, `show` and `fragments list` answer from a synced folder with no network, in the same
/// formats, narrowed by `--where`, `--sort` and `--search`; and a store's change log read by one process while
/// another syncs.
@Suite("wknd --store: the mirror, offline", .serialized)
struct StoreCommandTests {
    private static func withFolder<T>(_ body: (URL) async throws -> T) async throws -> T {
        try await withTemporaryFolder("wknd-store") { try await body($0.appendingPathComponent("mirror")) }
    }

    /// The JSON array a command printed, each object without `imageUrl` (a URL online, a file offline).
    private static func objects(_ run: WkndRun) throws -> [[String: AnyHashable]] {
        try objects(run.stdout)
    }

    private static func objects(_ text: String) throws -> [[String: AnyHashable]] {
        let array = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        return array.map { object in
            var copy: [String: AnyHashable] = [:]
            for (key, value) in object where key != "imageUrl" {
                copy[key] = (value as? AnyHashable) ?? AnyHashable("\(value)")
            }
            return copy
        }
    }

    /// `value` with every `imageUrl` member left out, at any depth.
    private static func withoutImageURLs(_ value: Any) -> Any {
        if let object = value as? [String: Any] {
            return object.filter { $0.key != "imageUrl" }.mapValues(withoutImageURLs)
        }
        if let array = value as? [Any] { return array.map(withoutImageURLs) }
        return value
    }

    @Test("list and show answer from the folder as the service does; --where, --sort and --search narrow it")
    func listAndShowOffline() async throws {
        try await Self.withFolder { folder in
            let (listed, shown): (String, String) = try await withEmulator { _, environment in
                let sync = try await WkndRun.run(["sync", folder.path, "--index", "price"], environment: environment)
                #expect(sync.status == 0, "\(sync.stderr)")
                let list = try await WkndRun.run(["list", "--json"], environment: environment)
                let show = try await WkndRun.run(["show", "dolomites-ski-safari", "--json"], environment: environment)
                return (list.stdout, show.stdout)
            }
            let online = try Self.objects(listed)
            let detail = try #require(try JSONSerialization.jsonObject(with: Data(shown.utf8)) as? [String: Any])
            // No service from here on: an address nothing listens on.
            let offline = ["AEM_HOST": "127.0.0.1:9", "AEM_SCHEME": "http"]
            let all = try await WkndRun.run(["list", "--store", folder.path, "--json"], environment: offline)
            #expect(all.status == 0, "\(all.stderr)")
            let byPath = { (items: [[String: AnyHashable]]) in items.sorted { "\($0["path"]!)" < "\($1["path"]!)" } }
            #expect(byPath(try Self.objects(all)) == byPath(online))
            let files = try #require(try all.json() as? [[String: Any]]).compactMap { $0["imageUrl"] as? String }
            #expect(!files.isEmpty && files.allSatisfy { $0.hasPrefix("file://\(folder.path)/images/") })

            let cheap = try await WkndRun.run(
                ["list", "--store", folder.path, "--json", "--where", "price<1000", "--sort", "price DESC"],
                environment: offline)
            let expected = online.filter { ($0["price"] as? Double ?? .infinity) < 1000 }.sorted {
                ($0["price"] as? Double ?? 0, "\($0["path"]!)") > ($1["price"] as? Double ?? 0, "\($1["path"]!)")
            }
            #expect(try Self.objects(cheap).map { $0["slug"] } == expected.map { $0["slug"] })

            let surf = try await WkndRun.run(
                ["list", "--store", folder.path, "--search", "surf", "--json"], environment: offline)
            let found = try Self.objects(surf)
            #expect(!found.isEmpty)
            let titled = online.filter { ($0["title"] as? String ?? "").lowercased().contains("surf") }
            #expect(Set(titled.map { $0["slug"] }).isSubset(of: Set(found.map { $0["slug"] })))
            #expect(Set(found.map { $0["slug"] }).isSubset(of: Set(online.map { $0["slug"] })))
            // Titles rank first.
            #expect(
                found.prefix(titled.count).allSatisfy { ($0["title"] as? String ?? "").lowercased().contains("surf") })

            let table = try await WkndRun.run(
                ["list", "--store", folder.path, "--where", "activity = Skiing"], environment: offline)
            #expect(table.stdout.hasPrefix("TITLE"))
            #expect(table.stdout.contains("Dolomites Ski Safari"))
            #expect(!table.stderr.contains("fragments list"))

            let show = try await WkndRun.run(
                ["show", "dolomites-ski-safari", "--store", folder.path, "--json"], environment: offline)
            #expect(show.status == 0, "\(show.stderr)")
            let mirrored = try #require(try show.json() as? [String: Any])
            #expect((mirrored["imageUrl"] as? String)?.hasPrefix("file://") == true)
            let references = try #require(mirrored["references"] as? [[String: Any]])
            #expect(references.contains { ($0["imageUrl"] as? String)?.hasPrefix("file://") == true })
            #expect(
                NSDictionary(dictionary: Self.withoutImageURLs(mirrored) as? [String: Any] ?? [:])
                    .isEqual(to: Self.withoutImageURLs(detail) as? [String: Any] ?? [:]))

            let missing = try await WkndRun.run(["show", "no-such-slug", "--store", folder.path], environment: offline)
            #expect(missing.status == 66)
            #expect(missing.stderr.contains("wknd list --store"))
            let notAMirror = try await WkndRun.run(["list", "--store", "/nonexistent-folder"], environment: offline)
            #expect(notAMirror.status == 66)
            #expect(notAMirror.stderr.contains("wknd sync /nonexistent-folder"))
            let badCondition = try await WkndRun.run(
                ["list", "--store", folder.path, "--where", "price <"], environment: offline)
            #expect(badCondition.status == 64)
            #expect(badCondition.stderrLines.count == 1, "\(badCondition.stderr)")
            let noStore = try await WkndRun.run(["list", "--search", "surf"], environment: offline)
            #expect(noStore.status == 64)
        }
    }

    @Test("fragments list --store: a delivery-API mirror by model, folder, condition and order")
    func fragmentsOffline() async throws {
        try await Self.withFolder { folder in
            let listed: String = try await withEmulator { _, environment in
                let sync = try await WkndRun.run(
                    ["sync", folder.path, "--fragments", "/content/dam/wknd-shared/en"], environment: environment)
                #expect(sync.status == 0, "\(sync.stderr)")
                let list = try await WkndRun.run(
                    ["fragments", "list", "--path", "/content/dam/wknd-shared/en", "--all", "--json"],
                    environment: environment)
                return list.stdout
            }
            let online = try #require(try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]])
            let offline = ["AEM_HOST": "127.0.0.1:9", "AEM_SCHEME": "http"]
            let run = try await WkndRun.run(
                [
                    "fragments", "list", "--store", folder.path, "--model", "adventure", "--where", "price < 1000",
                    "--sort", "price", "--all", "--json",
                ], environment: offline)
            #expect(run.status == 0, "\(run.stderr)")
            let mirrored = try #require(try run.json() as? [[String: Any]])
            let price = { (object: [String: Any]) in (object["fields"] as? [String: Any])?["price"] as? Double }
            let expected = online.filter { (price($0) ?? .infinity) < 1000 }
            #expect(mirrored.count == expected.count)
            #expect(mirrored.map { price($0) ?? 0 } == expected.map { price($0) ?? 0 }.sorted())
            #expect(
                Set(mirrored.compactMap { $0["id"] as? String }).isSubset(
                    of: Set(online.compactMap { $0["id"] as? String })))
            let below = try await WkndRun.run(
                [
                    "fragments", "list", "--store", folder.path, "--path", "/content/dam/wknd-shared/en/adventures",
                    "--all",
                ],
                environment: offline)
            #expect(below.status == 0)
            #expect(
                below.stdout.split(separator: "\n").count - 1
                    == online.filter {
                        ($0["path"] as? String)?.hasPrefix("/content/dam/wknd-shared/en/adventures/") == true
                    }.count)
        }
    }

    @Test("fragments list --store: a query mirror's items and an adventure mirror's adventures as they are stored")
    func fragmentsOfAnyMirror() async throws {
        try await Self.withFolder { queryFolder in
            try await Self.withFolder { adventureFolder in
                let items: [[String: Any]] = try await withEmulator { _, environment in
                    let query = try await WkndRun.run(
                        ["sync", queryFolder.path, "--query", "wknd-shared/adventures-all"], environment: environment)
                    #expect(query.status == 0, "\(query.stderr)")
                    let adventures = try await WkndRun.run(["sync", adventureFolder.path], environment: environment)
                    #expect(adventures.status == 0, "\(adventures.stderr)")
                    let all = try await WkndRun.run(
                        ["query", "wknd-shared/adventures-all", "--all", "--jsonl"], environment: environment)
                    return try all.stdout.split(separator: "\n").map {
                        try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
                    }
                }
                #expect(!items.isEmpty)
                let offline = ["AEM_HOST": "127.0.0.1:9", "AEM_SCHEME": "http"]
                let json = try await WkndRun.run(
                    ["fragments", "list", "--store", queryFolder.path, "--all", "--json", "--sort", "title"],
                    environment: offline)
                #expect(json.status == 0, "\(json.stderr)")
                let stored = try #require(try json.json() as? [[String: Any]])
                let titles = { (objects: [[String: Any]]) in objects.compactMap { $0["title"] as? String } }
                #expect(titles(stored) == titles(items).sorted())
                #expect(
                    Set(stored.compactMap { $0["_path"] as? String })
                        == Set(items.compactMap { $0["_path"] as? String }))

                let table = try await WkndRun.run(
                    ["fragments", "list", "--store", queryFolder.path, "--search", "surf"], environment: offline)
                #expect(table.status == 0, "\(table.stderr)")
                #expect(table.stdout.hasPrefix("TITLE"))
                let surfing = titles(items).filter { $0.lowercased().contains("surf") }
                #expect(!surfing.isEmpty && surfing.allSatisfy(table.stdout.contains))

                // A stored item whose JSON no longer parses is left out, and every other row keeps its own path.
                let first = try #require(
                    items.min { ($0["title"] as? String ?? "") < ($1["title"] as? String ?? "") }?["_path"] as? String)
                let database = try DatabaseQueue(path: queryFolder.appendingPathComponent("content.sqlite").path)
                try await database.write { db in
                    // The search triggers name the store's functions; they do not run here (the content hash stays).
                    for name in ["aem_search_title", "aem_search_body"] {
                        db.add(function: DatabaseFunction(name, argumentCount: 1, pure: true) { _ in "" })
                    }
                    try db.execute(
                        sql: "UPDATE fragment SET json = CAST('{' AS BLOB) WHERE path = ?",
                        arguments: [first])
                }
                try database.close()
                let damaged = try await WkndRun.run(
                    ["fragments", "list", "--store", queryFolder.path, "--all"], environment: offline)
                #expect(damaged.status == 0, "\(damaged.stderr)")
                let rows = damaged.stdout.split(separator: "\n").dropFirst()
                #expect(rows.count == items.count - 1)
                for row in rows {
                    let item = items.first { row.hasPrefix(($0["title"] as? String ?? "") + " ") }
                    #expect(item != nil && row.contains(item?["_path"] as? String ?? "?"), "\(row)")
                }
                #expect(damaged.stderr.contains("1 stored fragment is damaged"), "\(damaged.stderr)")
                #expect(damaged.stderr.contains("--revalidate-all"), "\(damaged.stderr)")
                // Sorted by a member, SQLite reads every row's JSON: the failure says which and how to repair it,
                // in words, not as the statement that failed.
                let sorted = try await WkndRun.run(
                    ["fragments", "list", "--store", queryFolder.path, "--sort", "title"], environment: offline)
                #expect(sorted.status != 0)
                #expect(sorted.stderr.contains("is damaged: its JSON does not read"), "\(sorted.stderr)")
                #expect(sorted.stderr.contains("--revalidate-all"), "\(sorted.stderr)")
                #expect(!sorted.stderr.contains("SELECT"), "\(sorted.stderr)")

                let adventures = try await WkndRun.run(
                    ["fragments", "list", "--store", adventureFolder.path, "--limit", "3", "--sort", "title"],
                    environment: offline)
                #expect(adventures.status == 0, "\(adventures.stderr)")
                let adventureRows = adventures.stdout.split(separator: "\n").dropFirst()
                #expect(adventureRows.count == 3)
                #expect(zip(adventureRows, titles(items).sorted().prefix(3)).allSatisfy { $0.hasPrefix($1) })

                // A damaged adventure asked for by name is a clear failure, not an unexpected one.
                let slug = try #require(items.first?["slug"] as? String)
                let adventureDatabase = try DatabaseQueue(
                    path: adventureFolder.appendingPathComponent("content.sqlite").path)
                try await adventureDatabase.write { db in
                    for name in ["aem_search_title", "aem_search_body"] {
                        db.add(function: DatabaseFunction(name, argumentCount: 1, pure: true) { _ in "" })
                    }
                    try db.execute(
                        sql: "UPDATE fragment SET json = CAST('[' AS BLOB) WHERE slug = ?", arguments: [slug])
                }
                try adventureDatabase.close()
                let show = try await WkndRun.run(
                    ["show", slug, "--store", adventureFolder.path], environment: offline)
                #expect(show.status != 0 && show.status != 70, "\(show.status)")
                #expect(show.stderr.contains("is damaged: its JSON does not read"), "\(show.stderr)")
            }
        }
    }

    @Test("list --store on a mirror whose items have none of an adventure's fields says what lists them")
    func listPointsAtFragmentsList() async throws {
        try await Self.withFolder { folder in
            let query = folder.deletingLastPathComponent().appendingPathComponent("titles.graphql")
            try "{ adventureList { items { _path title slug } } }".write(to: query, atomically: true, encoding: .utf8)
            try await withEmulator { _, environment in
                let persist = try await WkndRun.run(
                    ["queries", "persist", "wknd-shared/titles", query.path], environment: environment)
                #expect(persist.status == 0, "\(persist.stderr)")
                let sync = try await WkndRun.run(
                    ["sync", folder.path, "--query", "wknd-shared/titles"], environment: environment)
                #expect(sync.status == 0, "\(sync.stderr)")
            }
            let offline = ["AEM_HOST": "127.0.0.1:9", "AEM_SCHEME": "http"]
            let list = try await WkndRun.run(["list", "--store", folder.path], environment: offline)
            #expect(list.status == 0, "\(list.stderr)")
            #expect(list.stdout.hasPrefix("TITLE"))
            #expect(list.stderr.contains("`wknd fragments list --store \(folder.path)`"))
        }
    }

    @Test("a reader follows the change log while another process syncs; observe sees the new price")
    func changesAcrossProcesses() async throws {
        try await Self.withFolder { folder in
            let base = try EmulatorContent.sample()
            try await withEmulator(EmulatorOptions(content: base)) { _, environment in
                let sync = try await WkndRun.run(["sync", folder.path], environment: environment)
                #expect(sync.status == 0, "\(sync.stderr)")
            }
            let store = try ContentStore(directory: folder)
            let start = try store.lastChangeSequence()
            let slugs = base.adventures.map(\.slug).sorted()
            let (changed, removed) = (slugs[0], slugs[1])
            var next = base
            next[slug: changed]?.master["price"] = .double(1)
            next[slug: removed] = nil
            let watched = store.observe(checkingEvery: .milliseconds(20)) { store in
                try store.adventures(matching: FragmentQuery(where: .equal("slug", .string(changed)))).first?.price
            }
            var prices = watched.makeAsyncIterator()
            #expect(try await prices.next() != 1)
            try await withEmulator(EmulatorOptions(content: next)) { _, environment in
                let sync = try await WkndRun.run(["sync", folder.path], environment: environment)
                #expect(sync.status == 0, "\(sync.stderr)")
            }
            let changes = try await Array(store.changes(after: start).prefix(2))
            #expect(Set(changes.map(\.kind)) == [.changed, .removed])
            #expect(changes.contains { $0.kind == .changed && $0.path.hasSuffix("/\(changed)") })
            #expect(changes.contains { $0.kind == .removed && $0.path.hasSuffix("/\(removed)") })
            #expect(try await prices.next() == 1)
        }
    }
}
