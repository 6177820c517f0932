import AEMEmulator
import AEMHeadless
import AEMHeadlessAsyncHTTPClient
import AEMHeadlessAuthoring
import AEMHeadlessObservation
import AEMHeadlessSQLiteCache
import AEMHeadlessURLSession
import EmulatorTestSupport
import Foundation
import Observation
import Testing

/// Whether what `read` observes changed, as SwiftUI would see it: `withObservationTracking` armed now, checked later.
@MainActor
private final class ChangeWatch {
    private let changed = LockedValue(false)

    init(_ read: @escaping @MainActor () -> Void) {
        let changed = self.changed
        withObservationTracking(read) { changed.withLock { $0 = true } }
    }

    var fired: Bool { changed.value }
}

@Suite("Observable models for SwiftUI")
struct ObservableModelTests {
    private static let adventures = PersistedQuery<UntypedJSON>("wknd-shared/adventures-all", variables: ["limit": 3])

    /// Runs `body` on the main actor, as a view would, with a client of an emulator that keeps a cache in a fresh
    /// folder.
    private func withCachingClient(
        policy: CachePolicy = .useHTTPSemantics, _ body: @MainActor (Aem, RunningEmulator) async throws -> Void
    ) async throws {
        try await withTemporaryFolder { folder in
            try await withRunning { emulator in
                try await AsyncHTTPClientTransport.withTransport { transport in
                    let aem = Aem(
                        try AemConfiguration(scheme: .http, host: emulator.hostAndPort), transport: transport,
                        cache: try SQLiteResponseCache(fileURL: folder.appendingPathComponent("c.sqlite")),
                        policy: policy)
                    try await body(aem, emulator)
                }
            }
        }
    }

    @Test("a query model loads from the network, then from the cache, refreshes, and says why it failed")
    func queryModel() async throws {
        try await withCachingClient { aem, _ in
            let first = QueryModel(aem: aem, query: Self.adventures)
            #expect(first.result == nil && !first.isLoading)
            let watch = ChangeWatch { _ = first.result }
            await first.load()
            #expect(watch.fired)
            #expect(first.result?.source == .network)
            #expect(first.result?.data?["adventureList"]?["items"]?.arrayValue?.count == 3)
            #expect(first.error == nil && !first.isLoading)

            let second = QueryModel(aem: aem, query: Self.adventures)
            await second.load()
            #expect(second.result?.source == .cache)
            let refreshed = ChangeWatch { _ = second.result }
            await second.refresh()
            #expect(refreshed.fired)
            #expect(second.result?.source == .network)

            let missing = QueryModel(aem: aem, query: PersistedQuery<UntypedJSON>("wknd-shared/no-such-query"))
            let failed = ChangeWatch { _ = missing.error }
            await missing.load()
            #expect(failed.fired)
            #expect((missing.error as? AemError)?.kind == .queryNotFound)
            #expect(missing.result == nil && !missing.isLoading)
        }
    }

    @Test("a following query model reads again when a content event marks its answer stale: the view follows a publish")
    func queryModelFollowsAPublish() async throws {
        try await withCachingClient { aem, emulator in
            let adventure = try #require(try EmulatorContent.sample().adventures.first)
            let query = PersistedQuery<UntypedJSON>(
                "wknd-shared/adventure-by-slug", variables: ["slug": .string(adventure.slug)])
            let model = QueryModel(aem: aem, query: query)
            await model.load()
            let following = Task { await model.follow() }
            defer { following.cancel() }

            let author = Aem(
                try AemConfiguration(
                    scheme: .http, host: "127.0.0.1:\(emulator.authorURL.port ?? 0)",
                    authentication: .basic(username: "admin", password: "admin")),
                transport: URLSessionTransport())
            var edit = FragmentEdit(try await author.send(.fragment(id: adventure.uuid)))
            try edit.setValue("A published title", forField: "title")
            _ = try await author.send(.publish(paths: [try await author.send(.patch(edit)).path]))
            await model.load()
            #expect(!(model.result?.data.map { "\($0)" }?.contains("A published title") ?? true), "cached: still old")

            var changes: [ContentChange] = []
            for try await batch in EventJournalReader(aem: aem, journal: emulator.url(forPath: EventJournal.path))
                .batches()
            {
                changes += batch.events.compactMap(ContentChange.init)
                if batch.events.contains(where: { $0.type == "aem.sites.contentFragment.published" }) { break }
            }
            #expect(await aem.invalidateCache(for: changes) >= 1)
            var shown = false
            for _ in 0..<100 where !shown {
                try await Task.sleep(for: .milliseconds(50))
                shown = model.result?.data.map { "\($0)" }?.contains("A published title") == true
            }
            #expect(shown)
            #expect(model.result?.source == .network)
        }
    }

    @Test("a drafts client reads author's current content, keeps no cache, and its model reads again on an edit")
    func draftsFollowEveryEdit() async throws {
        #expect(throws: AemConfigurationError.self) {
            try AemConfiguration(host: "author.example", perspective: .drafts)
        }
        try await withTemporaryFolder { folder in
            try await withRunning { emulator in
                let configuration = try AemConfiguration(
                    scheme: .http, host: "127.0.0.1:\(emulator.authorURL.port ?? 0)",
                    authentication: .basic(username: "admin", password: "admin"), perspective: .drafts)
                let drafts = Aem(
                    configuration, transport: URLSessionTransport(),
                    cache: try SQLiteResponseCache(fileURL: folder.appendingPathComponent("c.sqlite")))
                #expect(drafts.cache == nil)
                let adventure = try #require(try EmulatorContent.sample().adventures.first)
                let query = PersistedQuery<UntypedJSON>(
                    "wknd-shared/adventure-by-slug", variables: ["slug": .string(adventure.slug)])
                let model = await QueryModel(aem: drafts, query: query)
                await model.load()
                let following = Task { await model.follow() }
                defer { following.cancel() }

                var edit = FragmentEdit(try await drafts.send(.fragment(id: adventure.uuid)))
                try edit.setValue("A draft title", forField: "title")
                _ = try await drafts.send(.patch(edit))
                var changes: [ContentChange] = []
                let publish = Aem(
                    try AemConfiguration(scheme: .http, host: emulator.hostAndPort), transport: URLSessionTransport())
                let journal = emulator.url(forPath: EventJournal.path)
                for try await batch in EventJournalReader(aem: publish, journal: journal).batches() {
                    changes += batch.events.compactMap(ContentChange.init)
                    if batch.events.contains(where: { $0.type == "aem.sites.contentFragment.modified" }) { break }
                }
                #expect(await drafts.invalidateCache(for: changes) == 0)
                var shown = false
                for _ in 0..<100 where !shown {
                    try await Task.sleep(for: .milliseconds(50))
                    shown = await model.result?.data.map { "\($0)" }?.contains("A draft title") == true
                }
                #expect(shown, "the unpublished edit shows on the drafts model")
                #expect(await model.result?.source == .network)
            }
        }
    }

    @Test("a query model under returnCacheDataAndFetch shows the cached result, and asks the server behind it")
    func cachedThenFresh() async throws {
        try await withCachingClient(policy: .returnCacheDataAndFetch) { aem, emulator in
            await QueryModel(aem: aem, query: Self.adventures).load()
            let requests = emulator.requests.count
            let model = QueryModel(aem: aem, query: Self.adventures)
            await model.load()
            #expect(model.result?.source == .cache, "the server's answer is the same: the cached one stays")
            #expect(model.result?.data?["adventureList"]?["items"]?.arrayValue?.count == 3)
            #expect(emulator.requests.count == requests + 1)
            #expect(model.error == nil && !model.isLoading)
        }
    }

    @Test("a mirror model follows its stream: each value, then the failure beside the last value")
    @MainActor
    func mirrorModel() async throws {
        let (stream, continuation) = AsyncThrowingStream<[String], any Error>.makeStream()
        let model = MirrorModel { stream }
        let following = Task { await model.follow() }
        continuation.yield(["a"])
        try await eventuallyOnMain { model.value == ["a"] }
        let watch = ChangeWatch { _ = model.value }
        continuation.yield(["a", "b"])
        try await eventuallyOnMain { model.value == ["a", "b"] }
        #expect(watch.fired)
        continuation.finish(throwing: CocoaError(.fileReadCorruptFile))
        await following.value
        #expect(model.error != nil)
        #expect(model.value == ["a", "b"])
    }

    /// Waits, a few milliseconds at a time for up to 10 s, until `condition` holds.
    @MainActor
    private func eventuallyOnMain(_ condition: () -> Bool) async throws {
        for _ in 0..<1000 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
        #expect(condition())
    }
}
