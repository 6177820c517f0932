import AEMEmulator
import AEMHeadless
import AEMHeadlessAsyncHTTPClient
import AEMHeadlessSQLiteCache
import AEMHeadlessURLSession
import EmulatorTestSupport
import Foundation
import Testing
import WKNDSample

/// The README's library examples, run against the emulator serving a package that is not WKND's, so that the README
/// stays true.
@Suite("README example")
struct ReadmeExampleTests {
    @Test("a query through a client with a cache, after a retried answer; then the delivery API")
    func queryThroughTheCacheThenDelivery() async throws {
        try await withRunning(EmulatorOptions(content: try EmulatorContent.editorial())) { emulator in
            emulator.faults.script(
                "/graphql/execute.json/editorial/articles-filtered", .serviceUnavailable(retryAfter: 0))
            try await withTemporaryFolder { folder in
                let aem = Aem(
                    try AemConfiguration(scheme: .http, host: emulator.hostAndPort),
                    transport: URLSessionTransport(),
                    cache: try SQLiteResponseCache(fileURL: folder.appendingPathComponent("aem.sqlite")),
                    policy: .useHTTPSemantics)
                let query = PersistedQuery<UntypedJSON>("editorial/articles-filtered")
                let articles = try await aem.execute(query)
                let items = try #require(articles.data?["articleList"]?["items"]?.arrayValue)
                #expect(!items.isEmpty)
                #expect(articles.errors.isEmpty)
                #expect(articles.source == .network)
                #expect(try await aem.execute(query).source == .cache)
                #expect(try await aem.execute(query, policy: .returnCacheDataDontFetch).data == articles.data)

                var listed = 0
                for try await fragment in try aem.fragments(under: "/content/dam/editorial/articles").items {
                    #expect(fragment.path.hasPrefix("/content/dam/editorial/articles/"))
                    listed += 1
                }
                #expect(listed >= items.count)
                let article = try await aem.execute(
                    .fragment(path: "/content/dam/editorial/articles/summer-kitchen", references: .directHydrated)
                ).value
                #expect(article.referencedFragments(in: "author").first != nil)
            }
        }
    }

    @Test("the WKND sample's calls, from the WKNDSample module")
    func sampleCalls() async throws {
        try await withRunning(EmulatorOptions(dynamicURLs: false)) { emulator in
            try await AsyncHTTPClientTransport.withTransport { transport in
                let aem = Aem(try AemConfiguration(scheme: .http, host: emulator.hostAndPort), transport: transport)
                let list = try await aem.execute(WKNDQueries.adventures(limit: 10, sort: "price DESC")).map(
                    \.adventures)
                let adventures = try #require(list.data)
                #expect(adventures.count == 10)
                #expect(adventures.map { $0.price ?? 0 } == adventures.map { $0.price ?? 0 }.sorted(by: >))
                let missing = try await aem.execute(WKNDQueries.adventureBySlug("no-such-adventure")).map {
                    try $0.adventureDetail()
                }
                #expect(missing.errors.isEmpty)
                #expect(missing.data == nil)
            }
        }
    }
}
