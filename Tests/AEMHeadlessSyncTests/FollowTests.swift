import AEMEmulator
import AEMHeadless
import AEMHeadlessAsyncHTTPClient
import AEMHeadlessSync
import EmulatorTestSupport
import Foundation
import Testing

/// `SyncEngine.follow`: a mirror kept current from the stand-in's content events while its content changes.
@Suite("SyncEngine.follow: a mirror that follows the content events", .serialized)
struct FollowTests {
    /// Follows the sample's adventures in `folder` while `body` changes the emulator's content; the follower is
    /// cancelled when `body` returns.
    private func following(
        _ folder: URL, journal: EventJournal = EventJournal(retryAfter: 0),
        _ body: (RunningEmulator, ContentStore?) async throws -> Void
    ) async throws {
        let options = EmulatorOptions(
            content: try EmulatorContent.sample(), live: EmulatorLiveContent(journal: journal))
        try await withRunning(options) { emulator in
            try await AsyncHTTPClientTransport.withTransport { transport in
                let aem = Aem(
                    try AemConfiguration(scheme: .http, host: emulator.hostAndPort, retry: RetryPolicy(maxAttempts: 1)),
                    transport: transport)
                let url = try #require(URL(string: emulator.baseURL.absoluteString + EventJournal.path))
                let steps = AsyncStream<FollowStep>.makeStream()
                let task = Task {
                    try await SyncEngine(aem: aem, directory: folder).follow(
                        AdventureSyncSource(aem: aem), journal: EventJournalReader(aem: aem, journal: url),
                        onStep: { steps.continuation.yield($0) })
                }
                var iterator = steps.stream.makeAsyncIterator()
                _ = await iterator.next() // the first sync
                try await body(emulator, try? ContentStore(directory: folder))
                task.cancel()
                _ = await task.result
            }
        }
    }

    /// Waits (up to 10 s) until `condition` holds of the store.
    private func eventually(_ folder: URL, _ condition: (ContentStore) throws -> Bool) async throws -> Bool {
        for _ in 0..<100 {
            if let store = try? ContentStore(directory: folder), (try? condition(store)) == true { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    private func expectEventually(
        _ folder: URL, _ condition: (ContentStore) throws -> Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let reached = try await eventually(folder, condition)
        #expect(reached, "the mirror did not get there within 10 s", sourceLocation: sourceLocation)
    }

    @Test func anEditADeletionAndAnAdditionReachTheMirror() async throws {
        try await withSyncFolder { folder, _ in
            try await following(folder) { emulator, _ in
                var content = try EmulatorContent.sample()
                let slugs = content.adventures.map(\.slug).sorted()
                content[slug: slugs[0]]?.master["price"] = .double(1)
                content[slug: slugs[1]] = nil
                emulator.live.replace(with: content)
                try await expectEventually(
                    folder,
                    { store in
                        try store.adventure(slug: slugs[0])?.adventure.price == 1
                            && store.adventure(slug: slugs[1]) == nil
                    })
                // A burst of edits, one at a time: the last one wins.
                for price in 2...21 {
                    content[slug: slugs[2]]?.master["price"] = .double(Double(price))
                    emulator.live.replace(with: content)
                }
                try await expectEventually(folder, { try $0.adventure(slug: slugs[2])?.adventure.price == 21 })
            }
        }
    }

    @Test func duplicatedDeliveriesChangeNothingTwice() async throws {
        try await withSyncFolder { folder, _ in
            let journal = EventJournal(retryAfter: 0)
            journal.faults.duplicateDelivery = true
            var content = try EmulatorContent.sample()
            let slug = try #require(content.adventures.map(\.slug).sorted().first)
            try await following(folder, journal: journal) { emulator, _ in
                content[slug: slug]?.master["price"] = .double(7)
                emulator.live.replace(with: content)
                try await expectEventually(folder, { try $0.adventure(slug: slug)?.adventure.price == 7 })
            }
            let store = try ContentStore(directory: folder)
            #expect(try store.adventures().count == content.adventures.count)
        }
    }

    @Test func anExpiredPositionRunsAWholeSyncAndGoesOn() async throws {
        try await withSyncFolder { folder, _ in
            let now = LockedValue(Date(timeIntervalSince1970: 2_000_000))
            let journal = EventJournal(retention: .seconds(10), retryAfter: 0, clock: { now.value })
            try await following(folder, journal: journal) { emulator, _ in
                var content = try EmulatorContent.sample()
                let slugs = content.adventures.map(\.slug).sorted()
                content[slug: slugs[0]]?.master["price"] = .double(3)
                emulator.live.replace(with: content)
                try await expectEventually(folder, { try $0.adventure(slug: slugs[0])?.adventure.price == 3 })
                // Everything the follower has read expires; the next change comes after a gap.
                now.withLock { $0 += 60 }
                content[slug: slugs[1]]?.master["price"] = .double(4)
                emulator.live.replace(with: content)
                now.withLock { $0 += 60 }
                content[slug: slugs[2]]?.master["price"] = .double(5)
                emulator.live.replace(with: content)
                try await expectEventually(
                    folder,
                    { store in
                        try store.adventure(slug: slugs[1])?.adventure.price == 4
                            && store.adventure(slug: slugs[2])?.adventure.price == 5
                    })
            }
        }
    }
}
