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
    /// The `Age` of the first answer, as a CDN copy made that many seconds ago says it.
    private let firstAge: Int?

    init(titles: [String], firstAge: Int? = nil, during: @escaping @Sendable (Int) async -> Void = { _ in }) {
        self.titles = titles
        self.firstAge = firstAge
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
        var headers: AemHTTPHeaders = ["Content-Type": "application/json", "Cache-Control": "max-age=600"]
        if number == 1, let firstAge { headers.add(name: "Age", value: String(firstAge)) }
        return AemHTTPResponse(status: 200, headers: headers, body: AemHTTPBody(Data(body.utf8)))
    }
}

@Suite("Content changes and answers on their way or never cached")
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

    @Test("an answer first read after a change, from a CDN copy older than the change, is asked for with its mark")
    func uncachedAnswerOlderThanTheChange() async throws {
        let transport = TitleTransport(titles: ["Old", "New"], firstAge: 600)
        let aem = Aem(try AemConfiguration(host: "publish.example"), transport: transport)
        #expect(await aem.invalidateCache(for: [ContentChange(tags: ["cf:/content/dam/a"], mark: "c3")]) == 0)
        let read = try await aem.execute(PersistedQuery<UntypedJSON>("wknd-shared/adventures-all"))
        #expect("\(read.value.data as Any)".contains("New"))
        #expect(transport.urls.map { $0.absoluteString.hasSuffix("?aem-change=c3") } == [false, true])
    }

    @Test("a copy made after the change, or holding none of what it touched, is taken as it is")
    func copiesTheChangeCannotConcern() async throws {
        for (age, tag) in [(0, "cf:/content/dam/a"), (600, "cf:/content/dam/other")] {
            let transport = TitleTransport(titles: ["Current"], firstAge: age)
            let aem = Aem(try AemConfiguration(host: "publish.example"), transport: transport)
            await aem.invalidateCache(for: [ContentChange(tags: [tag], mark: "c4")])
            let read = try await aem.execute(PersistedQuery<UntypedJSON>("wknd-shared/adventures-all"))
            #expect("\(read.value.data as Any)".contains("Current"))
            #expect(transport.urls.count == 1)
        }
    }
}
