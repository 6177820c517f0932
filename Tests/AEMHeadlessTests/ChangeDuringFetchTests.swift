import AEMHeadless
import AEMHeadlessSQLiteCache
import Foundation
import Testing

/// A transport that answers every persisted query with the next title, running `during` while the request is on
/// its way (as a content event may arrive then).
private final class TitleTransport: AemHTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var titles: [String]
    private var sent: [URL] = []
    private let during: @Sendable (Int) async -> Void

    init(titles: [String], during: @escaping @Sendable (Int) async -> Void) {
        self.titles = titles
        self.during = during
    }

    var urls: [URL] { lock.withLock { sent } }

    func send(_ request: AemHTTPRequest) async throws -> AemHTTPResponse {
        let (number, title) = lock.withLock {
            sent.append(request.url)
            return (sent.count, titles.isEmpty ? "none left" : titles.removeFirst())
        }
        await during(number)
        let body = #"{"data":{"adventureList":{"items":[{"_path":"/content/dam/a","title":"\#(title)"}]}}}"#
        return AemHTTPResponse(
            status: 200, headers: ["Content-Type": "application/json", "Cache-Control": "max-age=600"],
            body: AemHTTPBody(Data(body.utf8)))
    }
}

@Suite("A content change that arrives while its answer is being fetched")
struct ChangeDuringFetchTests {
    @Test("a change marked while the answer after an earlier change is on its way is kept: the next read asks again")
    func newerMarkSurvivesTheStore() async throws {
        try await withTemporaryFolder { folder in
            let cache = try SQLiteResponseCache(fileURL: folder.appendingPathComponent("cache.sqlite"))
            let second = ContentChange(tags: ["cf:/content/dam/a"], mark: "b2")
            let transport = TitleTransport(titles: ["One", "Two", "Three"]) { number in
                // The second request is the read after the first change; the second change arrives meanwhile.
                if number == 2 { _ = await cache.invalidate(second) }
            }
            let aem = Aem(try AemConfiguration(host: "publish.example"), transport: transport, cache: cache)
            let query = PersistedQuery<UntypedJSON>("wknd-shared/adventures-all")

            #expect(try await aem.execute(query).source == .network)
            #expect(await aem.invalidateCache(for: [ContentChange(tags: ["cf:/content/dam/a"], mark: "a1")]) == 1)
            let afterFirst = try await aem.execute(query)
            #expect("\(afterFirst.value.data as Any)".contains("Two"))
            let key = aem.cacheKey(for: query.url(on: aem.configuration.origin), in: cache)
            #expect(await cache.lookup(key)?.changeMark == "b2", "the newer change still marks the stored answer")

            let afterSecond = try await aem.execute(query)
            #expect("\(afterSecond.value.data as Any)".contains("Three"))
            #expect(transport.urls.map { $0.absoluteString.hasSuffix("aem-change=b2") } == [false, false, true])
            #expect(await cache.lookup(key)?.changeMark == nil)
        }
    }
}
