import AEMEmulator
import AEMHeadless
import AEMHeadlessAuthoring
import AEMHeadlessSQLiteCache
import AEMHeadlessURLSession
import EmulatorTestSupport
import Foundation
import Testing

/// Fresh after publish: clients whose response caches follow AEM's content events, behind the emulator's CDN. A
/// publish changes nothing a cache or the CDN holds for a persisted query; the event marks the answers that hold the
/// fragment stale, and the next read of each goes past the CDN with a mark every client derives from the same event,
/// so that many clients cost the origin one request per change.
@Suite("Fresh after publish: the response cache follows content events, past the CDN")
struct FreshAfterPublishTests {
    @Test("a publish reaches a cached persisted query through its event, with one origin request for two clients")
    func publishReachesTheCache() async throws {
        try await withTemporaryFolder("fresh") { folder in
            let cdn = EmulatorCDN()
            let options = EmulatorOptions(content: try EmulatorContent.sample(), cdn: cdn)
            try await withRunning(options) { emulator in
                let adventure = try #require(try EmulatorContent.sample().adventures.first)
                let query = PersistedQuery<UntypedJSON>(
                    "wknd-shared/adventure-by-slug", variables: ["slug": .string(adventure.slug)])
                func client(_ name: String) throws -> Aem {
                    Aem(
                        try AemConfiguration(scheme: .http, host: emulator.hostAndPort),
                        transport: URLSessionTransport(),
                        cache: try SQLiteResponseCache(fileURL: folder.appendingPathComponent("\(name).sqlite")),
                        policy: .useHTTPSemantics)
                }
                let (first, second) = (try client("first"), try client("second"))
                func tripLength(_ aem: Aem) async throws -> (String?, ResponseSource) {
                    let answer = try await aem.execute(query)
                    let value =
                        answer.data?["adventureByPath"]?["item"]?["tripLength"]?.stringValue
                        ?? answer.data?["adventureList"]?["items"]?[0]?["tripLength"]?.stringValue
                    return (value, answer.source)
                }
                let before = try await tripLength(first)
                _ = try await tripLength(second)
                #expect(try await tripLength(first).1 == .cache)

                let author = Aem(
                    try AemConfiguration(
                        scheme: .http, host: "127.0.0.1:\(emulator.authorURL.port ?? 0)",
                        authentication: .basic(username: "admin", password: "admin")),
                    transport: URLSessionTransport())
                let position = try await EventJournalReader(
                    aem: first, journal: emulator.url(forPath: EventJournal.path)
                ).latestPosition()
                var edit = FragmentEdit(try await author.send(.fragment(id: adventure.uuid)))
                try edit.setValue("31 days", forField: "tripLength")
                _ = try await author.send(.publish(paths: [try await author.send(.patch(edit)).path]))
                #expect(try await tripLength(first).0 == before.0, "the cache and the CDN still hold the old answer")

                // The events, as an app reads them: both clients mark their answers stale.
                var changes: [ContentChange] = []
                let reader = EventJournalReader(
                    aem: first, journal: emulator.url(forPath: EventJournal.path), since: position)
                for try await batch in reader.batches() {
                    changes += batch.events.compactMap(ContentChange.init)
                    if batch.events.contains(where: { $0.type == "aem.sites.contentFragment.published" }) { break }
                }
                #expect(await first.invalidateCache(for: changes) >= 1)
                #expect(await second.invalidateCache(for: changes) >= 1)

                emulator.clearRequests()
                let fresh = try await tripLength(first)
                #expect(fresh.0 == "31 days")
                #expect(fresh.1 == .network)
                #expect(try await tripLength(second).0 == "31 days")
                let busted = emulator.requests.filter { $0.target.contains("aem-change=") }
                #expect(busted.count == 2, "both clients asked for the same busted URL")
                #expect(Set(busted.map(\.target)).count == 1)
                #expect(busted.map(\.cache) == ["MISS", "HIT"], "one request reached publish for both clients")
                #expect(cdn.count >= 1)
                #expect(try await tripLength(first).1 == .cache, "fresh again, from the cache")
            }
        }
    }
}
