import AEMEmulator
import AEMHeadless
import AEMHeadlessAsyncHTTPClient
import EmulatorTestSupport
import Foundation
import NIOConcurrencyHelpers
import Testing

/// The stand-in's event journal, read with `EventJournalReader` over real HTTP: content replaced while it runs
/// becomes created, modified and deleted events; paging with `limit` and `Link`; the end of the journal; expired
/// positions; the faults.
@Suite("Event journal: the stand-in's and the reader")
struct EventJournalTests {
    private func withJournal<Result: Sendable>(
        _ journal: EventJournal = EventJournal(retryAfter: 0), authentication: EmulatorAuthentication? = nil,
        _ body: (Aem, RunningEmulator, URL) async throws -> Result
    ) async throws -> Result {
        let options = EmulatorOptions(
            authentication: authentication, content: try EmulatorContent.sample(),
            live: EmulatorLiveContent(journal: journal))
        return try await withRunning(options) { emulator in
            let configuration = try AemConfiguration(
                scheme: .http, host: emulator.hostAndPort,
                authentication: authentication == nil ? .none : .basic(username: "u", password: "p"),
                retry: RetryPolicy(maxAttempts: 1))
            let url = try #require(URL(string: emulator.baseURL.absoluteString + EventJournal.path))
            return try await AsyncHTTPClientTransport.withTransport { transport in
                try await body(Aem(configuration, transport: transport), emulator, url)
            }
        }
    }

    /// The sample with one adventure changed, one removed and one added.
    private static func edited() throws -> (EmulatorContent, changed: String, removed: String, added: String) {
        var content = try EmulatorContent.sample()
        let paths = content.adventures.map(\.path).sorted()
        let (changed, removed) = (paths[0], paths[1])
        content[fragment: changed]?.master["title"] = .string("A new title")
        var copy = try #require(content[fragment: paths[2]])
        copy.path = paths[2] + "-copy"
        copy.master["slug"] = .string("a-copy")
        content[fragment: copy.path] = copy
        content[fragment: removed] = nil
        return (content, changed, removed, copy.path)
    }

    @Test func replacedContentIsReadAsEventsInOrderThenTheReaderWaits() async throws {
        try await withJournal { aem, emulator, url in
            let (next, changed, removed, added) = try Self.edited()
            let recorded = emulator.live.replace(with: next)
            // Removals first, then by path: the changed adventure sorts before the copy.
            #expect(
                recorded.map(\.type) == [
                    "aem.sites.contentFragment.deleted", "aem.sites.contentFragment.modified",
                    "aem.sites.contentFragment.created",
                ])
            var batches = EventJournalReader(aem: aem, journal: url).batches().makeAsyncIterator()
            let first = try #require(try await batches.next())
            #expect(first.events.count == 3)
            #expect(Set(first.events.compactMap(\.path)) == [changed, removed, added])
            #expect(first.events.first { $0.path == removed }?.type == "aem.sites.contentFragment.deleted")
            #expect(first.events.first { $0.path == added }?.type == "aem.sites.contentFragment.created")
            let modified = try #require(first.events.first { $0.path == changed })
            #expect(modified.type == "aem.sites.contentFragment.modified")
            #expect(modified.event["specversion"]?.stringValue == "1.0")
            #expect(modified.source?.hasPrefix("acct:aem-p") == true)
            #expect(modified.data?["model"]?["path"]?.stringValue?.hasPrefix("/conf/") == true)
            #expect(first.position == first.events.last?.position)
            // At the end the reader waits (204), then reads what comes next.
            var again = next
            again[fragment: changed]?.master["title"] = .string("Another title")
            emulator.live.replace(with: again)
            let second = try #require(try await batches.next())
            #expect(second.events.map(\.path) == [changed])
            // Nothing changed, nothing recorded.
            #expect(emulator.live.replace(with: again).isEmpty)
        }
    }

    @Test func limitPagesWithRelativeNextLinksAndFaultsAreSurvivable() async throws {
        let journal = EventJournal(retryAfter: 0)
        try await withJournal(journal) { aem, emulator, url in
            emulator.live.replace(with: try Self.edited().0)
            var batches = EventJournalReader(aem: aem, journal: url, limit: 2).batches().makeAsyncIterator()
            #expect(try await batches.next()?.events.count == 2)
            #expect(try await batches.next()?.events.count == 1)

            let answer = try await HTTPTestClient.get(
                url.appending(queryItems: [URLQueryItem(name: "limit", value: "2")]).absoluteString)
            #expect(answer.status == 200)
            let link = try #require(answer.header("Link"))
            #expect(link.hasPrefix("</events/organizations/") && link.hasSuffix("&limit=2>; rel=\"next\""))

            journal.faults.underfill = true
            let underfilled = try await Array(EventJournalReader(aem: aem, journal: url).batches().prefix(3))
            #expect(underfilled.map(\.events.count) == [1, 1, 1])
            journal.faults.underfill = false

            journal.faults.duplicateDelivery = true
            var duplicated = EventJournalReader(aem: aem, journal: url, limit: 2).batches().makeAsyncIterator()
            let one = try #require(try await duplicated.next())
            let two = try #require(try await duplicated.next())
            #expect(two.events.first?.id == one.events.last?.id, "the last event is delivered again")
            journal.faults.duplicateDelivery = false

            let end = try await HTTPTestClient.get(
                url.appending(queryItems: [URLQueryItem(name: "latest", value: "true")]).absoluteString)
            #expect(end.status == 204)
            #expect(end.header("retry-after") == "0")
            #expect(end.header("Link")?.contains("since=") == true)
            let bad = try await HTTPTestClient.get(
                url.appending(queryItems: [URLQueryItem(name: "since", value: "nowhere")]).absoluteString)
            #expect(bad.status == 400)
        }
    }

    @Test func aPositionOlderThanTheRetentionIsGone() async throws {
        let now = NIOLockedValueBox(Date(timeIntervalSince1970: 1_000_000))
        let journal = EventJournal(retention: .seconds(60), retryAfter: 0, clock: { now.withLockedValue { $0 } })
        try await withJournal(journal) { aem, emulator, url in
            let (edited, changed, _, _) = try Self.edited()
            emulator.live.replace(with: edited)
            let first = try #require(try await EventJournalReader(aem: aem, journal: url).batches().first { _ in true })
            now.withLockedValue { $0 += 120 }
            var later = edited
            later[fragment: changed]?.master["title"] = .string("Later")
            emulator.live.replace(with: later)
            let since = try #require(first.events.first?.position)
            await #expect(throws: JournalPositionExpired.self) {
                for try await _ in EventJournalReader(aem: aem, journal: url, since: since).batches() {}
            }
            #expect(journal.all.count == 1)
        }
    }

    @Test func withSignInTheJournalWantsTheClientIDAndOrganization() async throws {
        try await withJournal(authentication: .basic(username: "u", password: "p")) { aem, emulator, url in
            emulator.live.replace(with: try Self.edited().0)
            let bare = try await HTTPTestClient.get(url.absoluteString)
            #expect(bare.status == 401)
            let reader = EventJournalReader(aem: aem, journal: url, apiKey: "client", organization: "ORG@AdobeOrg")
            #expect(try await reader.batches().first { _ in true }?.events.count == 3)
        }
    }
}
