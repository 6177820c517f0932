import AEMEmulator
import AEMHeadless
import AEMHeadlessAsyncHTTPClient
import AEMHeadlessSQLiteCache
import EmulatorTestSupport
import Foundation
import Testing
import WKNDSample

/// Runs `body` with an emulator on port 0 and a client for it without retries.
func withEmulatorAem<T>(
    _ options: EmulatorOptions = EmulatorOptions(),
    _ body: (RunningEmulator, Aem) async throws -> T
) async throws -> T {
    try await withRunning(options) { emulator in
        let configuration = try AemConfiguration(
            scheme: .http, host: "127.0.0.1:\(emulator.port)", timeout: .seconds(60), retry: .none)
        return try await AsyncHTTPClientTransport.withTransport { transport in
            try await body(emulator, Aem(configuration, transport: transport))
        }
    }
}

extension QueryPages {
    /// Every page, fetched to the end.
    func collected() async throws -> [QueryPage<Response>] {
        var pages: [QueryPage<Response>] = []
        for try await page in self { pages.append(page.value) }
        return pages
    }
}

/// The untyped query `path` with `variables`.
func untyped(_ path: String, _ variables: [String: QueryVariable?] = [:]) -> PersistedQuery<UntypedJSON> {
    PersistedQuery(path, variables: variables)
}

@Suite("Paging through any persisted query, against the emulator")
struct QueryPagingTests {
    static let sampleCount = 20

    @Test("cursor paging follows pageInfo to the end", arguments: [(5, 4), (10, 2), (20, 1), (100, 1), (7, 3)])
    func cursorPages(pageSize: Int, expectedPages: Int) async throws {
        try await withEmulatorAem { _, aem in
            let pages = try await aem.pages(of: untyped("wknd-shared/adventures-paginated"), pageSize: pageSize)
                .collected()
            #expect(pages.count == expectedPages)
            #expect(pages.allSatisfy { $0.style == .cursor })
            let slugs = pages.flatMap(\.items).compactMap { $0["slug"]?.stringValue }
            #expect(slugs.count == Self.sampleCount)
            #expect(Set(slugs).count == Self.sampleCount)
            #expect(pages.dropLast().allSatisfy { $0.items.count == pageSize })
        }
    }

    @Test(
        "offset paging asks for a page's size and stops at the short or empty page",
        arguments: [(5, 4, 5), (10, 2, 3), (20, 1, 2), (100, 1, 1), (7, 3, 3)])
    func offsetPages(pageSize: Int, expectedPages: Int, expectedRequests: Int) async throws {
        let log = RequestTargets()
        try await withEmulatorAem(EmulatorOptions(requestLog: { log.append($0.target) })) { _, aem in
            let pages = try await aem.pages(
                of: untyped("wknd-shared/adventures-all", ["sort": "slug"]), pageSize: pageSize
            ).collected()
            let requests = log.targets.filter { $0.contains("/execute.json/") }
            #expect(pages.count == expectedPages)
            #expect(pages.allSatisfy { $0.style == .offset })
            let slugs = pages.flatMap(\.items).compactMap { $0["slug"]?.stringValue }
            #expect(slugs == slugs.sorted())
            #expect(slugs.count == Self.sampleCount)
            #expect(Set(slugs).count == Self.sampleCount)
            #expect(requests.count == expectedRequests)
            #expect(requests.first?.contains(";limit=\(pageSize);offset=0;") == true)
        }
    }

    @Test("an empty result is one empty page in both styles")
    func emptyResults() async throws {
        try await withEmulatorAem { _, aem in
            let filter = #"filter: {slug: {_expressions: [{value: "no-such-adventure"}]}}"#
            try await aem.persist(
                "query ($offset: Int, $limit: Int) { adventureList(offset: $offset, limit: $limit, \(filter)) { items { slug } } }",
                as: "wknd-shared/none-list")
            try await aem.persist(
                "query ($first: Int, $after: String) { adventurePaginated(first: $first, after: $after, \(filter)) { edges { node { slug } } pageInfo { endCursor hasNextPage } } }",
                as: "wknd-shared/none-paged")
            for path in ["wknd-shared/none-list", "wknd-shared/none-paged"] {
                let pages = try await aem.pages(of: untyped(path)).collected()
                #expect(pages.count == 1, "\(path)")
                #expect(pages.first?.items.isEmpty == true, "\(path)")
            }
            #expect(try await aem.pages(of: untyped("wknd-shared/none-list")).collected().first?.style == .offset)
            #expect(try await aem.pages(of: untyped("wknd-shared/none-paged")).collected().first?.style == .cursor)
        }
    }

    @Test("a typed query's pages are its answers, each with where it came from")
    func typedPages() async throws {
        try await withRunning(EmulatorOptions()) { emulator in
            let configuration = try AemConfiguration(scheme: .http, host: "127.0.0.1:\(emulator.port)", retry: .none)
            try await withTemporaryFolder("paging-cache") { folder in
                try await AsyncHTTPClientTransport.withTransport { transport in
                    let cache = try SQLiteResponseCache(fileURL: folder.appendingPathComponent("cache.sqlite"))
                    let aem = Aem(configuration, transport: transport, cache: cache, policy: .returnCacheDataElseFetch)
                    let query = WKNDQueries.adventures(sort: "slug ASC")
                    var first: [Fetched<QueryPage<AdventureListData>>] = []
                    for try await page in aem.pages(of: query, style: .offset, pageSize: 8) { first.append(page) }
                    #expect(first.map(\.number) == [1, 2, 3])
                    #expect(first.allSatisfy { $0.source == .network })
                    let slugs = first.flatMap { $0.result.adventures.data ?? [] }.compactMap(\.slug)
                    #expect(slugs.count == Self.sampleCount)
                    #expect(slugs == slugs.sorted())
                    var again: [Fetched<QueryPage<AdventureListData>>] = []
                    for try await page in aem.pages(of: query, style: .offset, pageSize: 8) { again.append(page) }
                    #expect(again.allSatisfy { $0.source == .cache })
                    #expect(again.flatMap { $0.result.adventures.data ?? [] }.compactMap(\.slug) == slugs)
                }
            }
        }
    }

    @Test("items decode into the library's models")
    func typedItems() async throws {
        try await withEmulatorAem { _, aem in
            var adventures: [Adventure] = []
            for try await item in aem.pages(of: untyped("wknd-shared/adventures-paginated"), pageSize: 8).items {
                adventures.append(try item.decode(Adventure.self))
            }
            #expect(adventures.count == Self.sampleCount)
            #expect(adventures.allSatisfy { $0.slug != nil && $0.title != nil })
        }
    }

    @Test("items come one by one across pages; the variables set where paging starts")
    func itemsAndStartingPoint() async throws {
        try await withEmulatorAem { _, aem in
            var slugs: [String] = []
            for try await item in aem.pages(
                of: untyped("wknd-shared/adventures-all", ["sort": "slug", "offset": 15]), pageSize: 2
            ).items {
                slugs.append(item["slug"]?.stringValue ?? "")
            }
            #expect(slugs.count == 5)
            let all = try await aem.pages(of: untyped("wknd-shared/adventures-all", ["sort": "slug"])).collected()
                .flatMap(\.items)
            #expect(slugs == all.suffix(5).compactMap { $0["slug"]?.stringValue })
        }
    }

    @Test("a query that does not page is one page of its items")
    func unpagedQuery() async throws {
        try await withEmulatorAem { _, aem in
            let pages = try await aem.pages(
                of: untyped("wknd-shared/adventure-by-slug", ["slug": "lofoten-winter-surf"])
            ).collected()
            #expect(pages.count == 1)
            #expect(pages.first?.style == .unpaged)
            #expect(pages.first?.items.compactMap { $0["slug"]?.stringValue } == ["lofoten-winter-surf"])
        }
    }

    @Test("a server that repeats its cursor stops paging with an error")
    func repeatedCursor() async throws {
        try await withEmulatorAem { emulator, aem in
            let stuck =
                #"{"data":{"adventurePaginated":{"edges":[{"node":{"slug":"a"}}],"pageInfo":{"endCursor":"c1","hasNextPage":true}}}}"#
            emulator.faults.script(
                "/graphql/execute.json/wknd-shared/adventures-paginated",
                .respond(status: 200, headers: ["Content-Type": "application/json"], body: stuck),
                .respond(status: 200, headers: ["Content-Type": "application/json"], body: stuck))
            var seen = 0
            var failed = false
            do {
                for try await _ in aem.pages(of: untyped("wknd-shared/adventures-paginated"), style: .cursor) {
                    seen += 1
                }
            } catch is AemError {
                failed = true
            }
            #expect(failed)
            #expect(seen == 1)
        }
    }
}

/// The request targets an emulator answered, in order.
final class RequestTargets: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []

    func append(_ target: String) { lock.withLock { recorded.append(target) } }
    var targets: [String] { lock.withLock { recorded } }
}
