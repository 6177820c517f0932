import AEMEmulator
import AEMHeadless
import AEMHeadlessAsyncHTTPClient
import AEMHeadlessAuthoring
import AEMHeadlessSync
import AEMHeadlessURLSession
import EmulatorTestSupport
import Foundation
import Testing
import WKNDSample

/// `SyncEngine.follow`: a mirror kept current from the stand-in's content events while its content changes.
@Suite("SyncEngine.follow: a mirror that follows the content events", .serialized)
struct FollowTests {
    /// Follows `source` (the sample's adventures unless told) in `folder` while `body` changes the emulator's content;
    /// the follower is cancelled when `body` returns. `body` gets the steps taken so far (the first sync's included).
    private func following(
        _ folder: URL, journal: EventJournal = EventJournal(retryAfter: 0),
        content: EmulatorContent? = nil,
        source: @escaping @Sendable (Aem) throws -> any SyncSource = { AdventureSyncSource(aem: $0) },
        retry: FollowRetry = FollowRetry(firstDelay: .milliseconds(20), longestDelay: .milliseconds(80)),
        onInterruption: @escaping @Sendable (FollowInterruption) -> Void = { _ in },
        _ body: (RunningEmulator, LockedValue<[FollowStep]>) async throws -> Void
    ) async throws {
        let options = EmulatorOptions(
            content: try content ?? EmulatorContent.sample(), live: EmulatorLiveContent(journal: journal))
        try await withRunning(options) { emulator in
            try await AsyncHTTPClientTransport.withTransport { transport in
                let aem = Aem(
                    try AemConfiguration(scheme: .http, host: emulator.hostAndPort, retry: RetryPolicy(maxAttempts: 1)),
                    transport: transport)
                let url = try #require(URL(string: emulator.baseURL.absoluteString + EventJournal.path))
                let steps = AsyncStream<FollowStep>.makeStream()
                let taken = LockedValue<[FollowStep]>([])
                let source = try source(aem)
                let task = Task {
                    try await SyncEngine(aem: aem, directory: folder).follow(
                        source, journal: EventJournalReader(aem: aem, journal: url),
                        retry: retry,
                        onStep: { step in
                            taken.withLock { $0.append(step) }
                            steps.continuation.yield(step)
                        }, onInterruption: onInterruption)
                }
                var iterator = steps.stream.makeAsyncIterator()
                _ = await iterator.next() // the first sync
                try await body(emulator, taken)
                task.cancel()
                _ = await task.result
            }
        }
    }

    /// A client of `emulator`'s author tier, signed in as its default user.
    private static func author(of emulator: RunningEmulator) throws -> Aem {
        Aem(
            try AemConfiguration(
                scheme: .http, host: "127.0.0.1:\(emulator.authorURL.port ?? 0)",
                authentication: .basic(username: "admin", password: "admin")),
            transport: URLSessionTransport())
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

    @Test("a journal that fails for a while (503, 502, a dropped connection) is asked again; nothing is lost")
    func aJournalThatFailsForAWhileIsAskedAgain() async throws {
        try await withSyncFolder { folder, _ in
            let interruptions = LockedValue<[FollowInterruption]>([])
            var content = try EmulatorContent.sample()
            let slug = try #require(content.adventures.map(\.slug).sorted().first)
            // Failures count as one run while each comes within two longest waits of the last: 4 s, however slow
            // the machine; the waits themselves stay short (20, 40, then 80 ms at most).
            try await following(
                folder, retry: FollowRetry(firstDelay: .milliseconds(20), longestDelay: .seconds(2)),
                onInterruption: { interruption in interruptions.withLock { $0.append(interruption) } }
            ) {
                emulator, _ in
                emulator.faults.script(
                    EventJournal.path, .serviceUnavailable(retryAfter: 0), .respond(status: 502),
                    .dropConnection(afterBodyBytes: 0))
                content[slug: slug]?.master["price"] = .double(7)
                emulator.live.replace(with: content)
                try await expectEventually(folder, { try $0.adventure(slug: slug)?.adventure.price == 7 })
                #expect(emulator.faults.pendingActions(for: EventJournal.path) == 0)
            }
            let seen = interruptions.value
            #expect(seen.map(\.failures) == [1, 2, 3])
            #expect(seen.compactMap { ($0.error as? AemError)?.status } == [503, 502])
            #expect(seen.allSatisfy { $0.retryIn >= .milliseconds(10) && $0.retryIn <= .milliseconds(80) })
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

    @Test("each changed fragment costs one request, not a read of the list")
    func eachChangedFragmentIsReadAlone() async throws {
        try await withSyncFolder { folder, _ in
            try await following(folder) { emulator, steps in
                var content = try EmulatorContent.sample()
                let slugs = Array(content.adventures.map(\.slug).sorted().prefix(5))
                let before = emulator.requests.count
                for (index, slug) in slugs.enumerated() {
                    content[slug: slug]?.master["price"] = .double(Double(100 + index))
                }
                emulator.live.replace(with: content)
                // In the mirror, and told: the step comes once the adventures that show them are read again too.
                try await expectEventually(
                    folder,
                    { store in
                        try slugs.enumerated().allSatisfy { index, slug in
                            try store.adventure(slug: slug)?.adventure.price == Double(100 + index)
                        } && steps.value.dropFirst().reduce(0) { $0 + ($1.report?.changed ?? 0) } >= slugs.count
                    })
                let sent = emulator.requests.dropFirst(before).filter { !$0.path.hasPrefix("/events/") }
                #expect(
                    !sent.contains { $0.path.contains("adventures-paginated") || $0.path.contains("adventures-all") })
                let byPath = sent.filter { $0.path.contains("adventure-by-path") }
                // One per edited adventure, and one per adventure whose references showed an edited one.
                #expect(byPath.count >= slugs.count && byPath.count <= 2 * slugs.count, "\(byPath.map(\.target))")
                let applied = steps.value.dropFirst().compactMap(\.report)
                #expect(applied.reduce(0) { $0 + $1.requests } == sent.count)
                #expect(applied.reduce(0) { $0 + $1.changed } >= slugs.count)
                let changes = steps.value.flatMap(\.changes)
                #expect(
                    Set(changes.filter { $0.kind == .changed }.map(\.path)).isSuperset(
                        of: slugs.compactMap {
                            content[slug: $0]?.path
                        }))
            }
        }
    }

    @Test("unpublishing on author removes a fragment with its image, and publishing brings it back")
    func unpublishAndPublish() async throws {
        try await withSyncFolder { folder, _ in
            let content = try EmulatorContent.sample()
            let adventure = try #require(content.adventures.first { $0.primaryImagePath != nil })
            try await following(folder) { emulator, _ in
                let image = try #require(
                    try ContentStore(directory: folder).adventure(slug: adventure.slug)?
                        .adventure.primaryImage.flatMap { try ContentStore(directory: folder).imageFile(for: $0) })
                let author = try Self.author(of: emulator)
                let unpublished = try await author.send(.unpublish(paths: [adventure.path]))
                #expect(unpublished.failures.isEmpty)
                try await expectEventually(folder, { try $0.adventure(slug: adventure.slug) == nil })
                #expect(!FileManager.default.fileExists(atPath: image.path))
                #expect(try await author.send(.publish(paths: [adventure.path])).failures.isEmpty)
                try await expectEventually(folder, { try $0.adventure(slug: adventure.slug) != nil })
                let restored = try #require(try ContentStore(directory: folder).adventure(slug: adventure.slug))
                let file = try #require(
                    restored.adventure.primaryImage.flatMap {
                        try ContentStore(directory: folder).imageFile(for: $0)
                    })
                let expected = try await content.primaryImageBytes(ofSlug: adventure.slug)
                #expect(try Data(contentsOf: file) == expected)
            }
        }
    }

    @Test("an asset event fetches the changed image again; the fragment is not read")
    func anAssetEventRefreshesItsImage() async throws {
        try await withSyncFolder { folder, _ in
            var content = try EmulatorContent.sample()
            let withImages = content.adventures.filter { $0.primaryImagePath != nil }
            let (target, donor) = (try #require(withImages.first), try #require(withImages.last))
            let targetImage = try #require(target.primaryImagePath)
            let donorImage = try #require(donor.primaryImagePath)
            try await following(folder) { emulator, _ in
                let donorBytes = try #require(try content.bytes(ofAssetAt: donorImage))
                content[asset: targetImage]?.bytes = .data(donorBytes)
                let before = emulator.requests.count
                let events = emulator.live.replace(with: content)
                #expect(events.map(\.type) == ["aem.assets.asset.processing_completed"])
                let expected = try #require(try await content.primaryImageBytes(ofSlug: target.slug))
                try await expectEventually(
                    folder,
                    { store in
                        let file = try store.adventure(slug: target.slug)?.adventure.primaryImage.flatMap {
                            try store.imageFile(for: $0)
                        }
                        return try file.map { try Data(contentsOf: $0) } == expected
                    })
                let sent = emulator.requests.dropFirst(before).filter { !$0.path.hasPrefix("/events/") }
                #expect(sent.count == 1 && sent.allSatisfy { $0.path.hasPrefix("/adobe/dynamicmedia/deliver/") })
            }
        }
    }

    @Test("the delivery API's fragments are read again by id, each alone")
    func fragmentsAreReadByID() async throws {
        try await withSyncFolder { folder, _ in
            var content = try EmulatorContent.sample()
            let adventure = try #require(content.adventures.first)
            try await following(
                folder,
                source: { try FragmentSyncSource(aem: $0, folder: EmulatorContent.adventuresFolder) }
            ) { emulator, _ in
                let before = emulator.requests.count
                content[fragment: adventure.path]?.title = "Renamed by an event"
                emulator.live.replace(with: content)
                try await expectEventually(
                    folder, { try $0.deliveredFragment(path: adventure.path)?.title == "Renamed by an event" })
                let sent = emulator.requests.dropFirst(before).filter { !$0.path.hasPrefix("/events/") }
                #expect(sent.map(\.path) == ["/adobe/contentFragments/\(adventure.uuid)"])
            }
        }
    }

    @Test("a query's mirror, which cannot read one item alone, syncs its pages for each batch")
    func aQueryMirrorSyncsForEachBatch() async throws {
        try await withSyncFolder { folder, _ in
            var content = try EmulatorContent.sample()
            let adventure = try #require(content.adventures.first)
            try await following(
                folder, source: { QuerySyncSource(aem: $0, path: "wknd-shared/adventures-all", style: .offset) }
            ) { emulator, steps in
                content[fragment: adventure.path]?.master["title"] = .string("Listed again")
                emulator.live.replace(with: content)
                try await expectEventually(
                    folder,
                    { store in
                        try store.fragments().first { $0.path == adventure.path }.map {
                            String(decoding: $0.json, as: UTF8.self).contains("Listed again")
                        } == true && steps.value.count > 1
                    })
                #expect(steps.value.last?.report?.pagesRead == 1)
            }
        }
    }

    @Test("an app reads each applied change from SyncEngine.changes(following:)")
    func appsReadEachAppliedChange() async throws {
        try await withSyncFolder { folder, _ in
            let content = try EmulatorContent.sample()
            let adventure = try #require(content.adventures.first)
            var edited = content
            edited[fragment: adventure.path] = nil
            try await withRunning(
                EmulatorOptions(
                    content: content,
                    live: EmulatorLiveContent(
                        journal: EventJournal(retryAfter: 0)))
            ) { emulator in
                try await AsyncHTTPClientTransport.withTransport { transport in
                    let aem = Aem(
                        try AemConfiguration(scheme: .http, host: emulator.hostAndPort), transport: transport)
                    let url = try #require(URL(string: emulator.baseURL.absoluteString + EventJournal.path))
                    let changes = SyncEngine(aem: aem, directory: folder).changes(
                        following: AdventureSyncSource(aem: aem), journal: EventJournalReader(aem: aem, journal: url))
                    let edit = Task { [edited] in
                        // Once the first sync is done, remove the adventure.
                        while (try? ContentStore(directory: folder).lastSynced()) == nil {
                            try await Task.sleep(for: .milliseconds(50))
                        }
                        emulator.live.replace(with: edited)
                    }
                    var iterator = changes.makeAsyncIterator()
                    let change = try await iterator.next()
                    #expect(change?.kind == .removed)
                    #expect(change?.path == adventure.path)
                    _ = await edit.result
                }
            }
        }
    }

    @Test("a fragment moved to another path is found there and gone from the old one")
    func aMoveReachesTheMirror() async throws {
        try await withSyncFolder { folder, _ in
            var content = try EmulatorContent.sample()
            let adventure = try #require(content.adventures.first)
            var moved = adventure
            moved.path = EmulatorContent.adventuresFolder + "/moved/" + adventure.slug
            try await following(
                folder, source: { try FragmentSyncSource(aem: $0, folder: EmulatorContent.adventuresFolder) }
            ) { emulator, _ in
                content[fragment: adventure.path] = nil
                content[fragment: moved.path] = moved
                emulator.live.replace(with: content)
                try await expectEventually(
                    folder,
                    { store in
                        try store.deliveredFragment(path: moved.path)?.id == adventure.uuid
                            && store.deliveredFragment(path: adventure.path) == nil
                    })
                #expect(try ContentStore(directory: folder).fragments().filter { $0.slug == adventure.uuid }.count == 1)
            }
        }
    }

    @Test("without a journal, following syncs every interval and reports what each sync changed")
    func followingByInterval() async throws {
        try await withSyncFolder { folder, _ in
            var content = try EmulatorContent.sample()
            let adventure = try #require(content.adventures.first)
            try await withRunning(EmulatorOptions(content: content)) { emulator in
                try await AsyncHTTPClientTransport.withTransport { transport in
                    let aem = Aem(
                        try AemConfiguration(scheme: .http, host: emulator.hostAndPort), transport: transport)
                    let steps = AsyncStream<FollowStep>.makeStream()
                    let task = Task {
                        try await SyncEngine(aem: aem, directory: folder).follow(
                            AdventureSyncSource(aem: aem), every: .milliseconds(100),
                            onStep: { steps.continuation.yield($0) })
                    }
                    var iterator = steps.stream.makeAsyncIterator()
                    #expect(await iterator.next()?.isFullSync == true)
                    content[fragment: adventure.path] = nil
                    emulator.live.replace(with: content)
                    var removed: [StoreChange] = []
                    while removed.isEmpty, let step = await iterator.next() {
                        removed = step.changes.filter { $0.kind == .removed }
                    }
                    #expect(removed.map(\.path) == [adventure.path])
                    task.cancel()
                    _ = await task.result
                }
            }
        }
    }
}
