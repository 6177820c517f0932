import AEMEmulator
import AEMHeadless
import AEMHeadlessAsyncHTTPClient
import AEMHeadlessSQLiteCache
import EmulatorTestSupport
import Foundation
import Testing
import WKNDSample

/// Runs `body` with an emulator, a client for it (no retries, so failures show at once) and a
/// cache in a fresh folder.
private func withCachedClient<T>(
    authentication: Authentication = .none, staleness: CacheStaleness = CacheStaleness(),
    _ body: (RunningEmulator, Aem, SQLiteResponseCache) async throws -> T
) async throws -> T {
    try await withTemporaryFolder { folder in
        try await withRunning { emulator in
            let cache = try SQLiteResponseCache(fileURL: folder.appendingPathComponent("c.sqlite"))
            let configuration = try AemConfiguration(
                scheme: .http, host: "127.0.0.1:\(emulator.port)",
                authentication: authentication, timeout: .seconds(60), retry: .none, staleness: staleness)
            return try await AsyncHTTPClientTransport.withTransport { transport in
                try await body(emulator, Aem(configuration, transport: transport), cache)
            }
        }
    }
}

/// Rewrites the stored entry for `query` as if it had been received `age` seconds ago, with
/// `cacheControl` in place of the server's.
private func age<R>(
    _ query: PersistedQuery<R>, by age: TimeInterval, cacheControl: String? = nil,
    aem: Aem, cache: SQLiteResponseCache
) async throws {
    let key = aem.cacheKey(for: query.url(on: aem.configuration.origin), in: cache)
    var entry = try #require(await cache.lookup(key))
    if let cacheControl { entry.headers.set(name: "Cache-Control", value: cacheControl) }
    entry.storedAt = Date().addingTimeInterval(-age)
    await cache.store(entry, for: key)
}

private let listQuery = WKNDQueries.adventures(limit: 3)

@Suite("Queries through the response cache, against the emulator")
struct CachedQueryTests {
    @Test("a fresh answer is served from the cache without a request")
    func freshHit() async throws {
        try await withCachedClient { emulator, aem, cache in
            let first = try await aem.with(cache: cache).execute(listQuery)
            #expect(first.source == .network)
            #expect(emulator.requests.count == 1)
            let second = try await aem.with(cache: cache).execute(listQuery)
            #expect(second.source == .cache)
            #expect(second.age >= 0 && second.age < 60)
            #expect(emulator.requests.count == 1)
            #expect(second.value.adventures.data == first.value.adventures.data)
            #expect(second.value.adventures.data?.count == 3)
        }
    }

    @Test("a stale answer past stale-while-revalidate is revalidated: a 304 refreshes it")
    func revalidation() async throws {
        try await withCachedClient { emulator, aem, cache in
            _ = try await aem.with(cache: cache).execute(listQuery)
            try await age(listQuery, by: 3 * 86400, aem: aem, cache: cache)
            let revalidated = try await aem.with(cache: cache).execute(listQuery)
            #expect(revalidated.source == .revalidated)
            #expect(revalidated.value.adventures.data?.count == 3)
            let request = try #require(emulator.requests.last)
            #expect(request.headers["if-none-match"]?.hasPrefix("\"") == true)
            #expect(request.status == 304)
            let after = try await aem.with(cache: cache).execute(listQuery)
            #expect(after.source == .cache)
            #expect(emulator.requests.count == 2)
        }
    }

    @Test("within stale-while-revalidate the stale answer comes at once and is refreshed in the background")
    func staleWhileRevalidate() async throws {
        try await withCachedClient { emulator, aem, cache in
            _ = try await aem.with(cache: cache).execute(listQuery)
            try await age(listQuery, by: 200, aem: aem, cache: cache)
            let stale = try await aem.with(cache: cache).execute(listQuery)
            #expect(stale.source == .staleCache)
            #expect(stale.age >= 200)
            let refresh = try #require(stale.backgroundRefresh)
            await refresh.value
            #expect(emulator.requests.last?.status == 304)
            #expect(try await aem.with(cache: cache).execute(listQuery).source == .cache)
        }
    }

    @Test("AEM's day of stale-while-revalidate is the CDN's: the app shows a stale answer only within its own limit")
    func staleLimit() async throws {
        try await withCachedClient { emulator, aem, cache in
            _ = try await aem.with(cache: cache).execute(listQuery)
            // 540 s past its freshness: within AEM's 86,400 s, past the app's 300 s: the read waits for AEM.
            try await age(listQuery, by: 600, aem: aem, cache: cache)
            let waited = try await aem.with(cache: cache).execute(listQuery)
            #expect(waited.source == .revalidated)
            #expect(waited.backgroundRefresh == nil)
            #expect(emulator.requests.last?.status == 304)
        }
        try await withCachedClient(staleness: CacheStaleness(whileRevalidating: .seconds(3600))) { _, aem, cache in
            _ = try await aem.with(cache: cache).execute(listQuery)
            try await age(listQuery, by: 600, aem: aem, cache: cache)
            let stale = try await aem.with(cache: cache).execute(listQuery)
            #expect(stale.source == .staleCache)
            await stale.backgroundRefresh?.value
        }
    }

    @Test("stale-if-error: the stale answer stands in when AEM answers 503 or is gone, with the failure reported")
    func staleIfError() async throws {
        try await withCachedClient { emulator, aem, cache in
            _ = try await aem.with(cache: cache).execute(listQuery)
            try await age(listQuery, by: 600, cacheControl: "max-age=60, stale-if-error=3600", aem: aem, cache: cache)
            emulator.faults.script(
                "/graphql/execute.json/wknd-shared/adventures-all", .serviceUnavailable(retryAfter: 1))
            let during503 = try await aem.with(cache: cache).execute(listQuery)
            #expect(during503.source == .staleCache)
            #expect((during503.serverFailure as? AemError)?.status == 503)
            #expect(during503.value.adventures.data?.count == 3)
            await emulator.stop()
            let whileGone = try await aem.with(cache: cache).execute(listQuery)
            #expect(whileGone.source == .staleCache)
            #expect((whileGone.serverFailure as? AemError)?.kind == .network)
            // Past stale-if-error, the failure is the caller's.
            try await age(listQuery, by: 7200, cacheControl: "max-age=60, stale-if-error=3600", aem: aem, cache: cache)
            await #expect(throws: AemError.self) { try await aem.with(cache: cache).execute(listQuery) }
        }
    }

    @Test("fetch policies: cache only, cache else fetch, fetch ignoring the cache, cache and fetch")
    func policies() async throws {
        try await withCachedClient { emulator, aem, cache in
            await #expect(throws: CacheMissError.self) {
                try await aem.with(cache: cache).execute(listQuery, policy: .returnCacheDataDontFetch)
            }
            #expect(emulator.requests.isEmpty)
            #expect(
                try await aem.with(cache: cache).execute(listQuery, policy: .returnCacheDataElseFetch).source
                    == .network)
            #expect(
                try await aem.with(cache: cache).execute(listQuery, policy: .returnCacheDataElseFetch).source == .cache)
            #expect(
                try await aem.with(cache: cache).execute(listQuery, policy: .fetchIgnoringCacheData).source == .network)
            #expect(emulator.requests.count == 2)
            #expect(emulator.requests.last?.headers["if-none-match"] == nil)
            try await age(listQuery, by: 3 * 86400, aem: aem, cache: cache)
            let offline = try await aem.with(cache: cache).execute(listQuery, policy: .returnCacheDataDontFetch)
            #expect(offline.source == .staleCache)
            #expect(emulator.requests.count == 2)

            // Cached then fresh: the server's answer is the same (304), so only the cached one comes.
            var sources: [ResponseSource] = []
            for try await result in aem.with(cache: cache).results(listQuery, policy: .returnCacheDataAndFetch) {
                sources.append(result.source)
            }
            #expect(sources == [.staleCache])
            #expect(emulator.requests.last?.status == 304)
            // A different answer on the server comes second.
            emulator.faults.script("/graphql/execute.json/wknd-shared/adventures-all", .partialData())
            sources = []
            for try await result in aem.with(cache: cache).results(listQuery, policy: .returnCacheDataAndFetch) {
                sources.append(result.source)
                if result.source == .network { #expect(!result.value.errors.isEmpty) }
            }
            #expect(sources == [.cache, .network])
            // As one result: the server's answer, or the cached one confirmed.
            let changed = try await aem.with(cache: cache).execute(listQuery, policy: .returnCacheDataAndFetch)
            #expect(changed.source == .network && changed.value.errors.isEmpty)
            let same = try await aem.with(cache: cache).execute(listQuery, policy: .returnCacheDataAndFetch)
            #expect(same.source == .revalidated)
        }
    }

    @Test("two identities never share an entry")
    func identities() async throws {
        try await withTemporaryFolder { folder in
            try await withRunning { emulator in
                let cache = try SQLiteResponseCache(fileURL: folder.appendingPathComponent("c.sqlite"))
                try await AsyncHTTPClientTransport.withTransport { transport in
                    func client(_ authentication: Authentication) throws -> Aem {
                        Aem(
                            try AemConfiguration(
                                scheme: .http, host: "127.0.0.1:\(emulator.port)", authentication: authentication,
                                retry: .none), transport: transport)
                    }
                    let users: [Authentication] = [
                        .none, .basic(username: "alice", password: "a1"), .basic(username: "bob", password: "b1"),
                        .token("token-one"), .token("token-two"),
                    ]
                    for user in users {
                        let answer = try await client(user).with(cache: cache).execute(listQuery)
                        #expect(answer.source == .network, "\(user)")
                    }
                    #expect(emulator.requests.count == users.count)
                    for user in users {
                        let answer = try await client(user).with(cache: cache).execute(listQuery)
                        #expect(answer.source == .cache, "\(user)")
                    }
                    #expect(emulator.requests.count == users.count)
                    let entries = try cache.statistics().entries
                    #expect(entries == users.count)
                }
            }
        }
    }

    @Test("HTML, no-store and failing answers are never stored")
    func notStored() async throws {
        try await withCachedClient { emulator, aem, cache in
            let path = "/graphql/execute.json/wknd-shared/adventures-all"
            emulator.faults.script(path, .htmlLoginPage)
            await #expect(throws: AemError.self) { try await aem.with(cache: cache).execute(listQuery) }
            emulator.faults.script(
                path,
                .respond(
                    status: 200, headers: ["Content-Type": "application/json", "Cache-Control": "no-store"],
                    body: #"{"data":{"adventureList":{"items":[]}}}"#))
            let uncacheable = try await aem.with(cache: cache).execute(listQuery)
            #expect(uncacheable.source == .network)
            let entriesAfterNoStore = try cache.statistics().entries
            #expect(entriesAfterNoStore == 0)
            let cacheable = try await aem.with(cache: cache).execute(listQuery)
            #expect(cacheable.source == .network)
            let entries = try cache.statistics().entries
            #expect(entries == 1)
        }
    }

    @Test("a stored answer that no longer decodes is dropped and fetched again")
    func undecodableEntry() async throws {
        try await withCachedClient { emulator, aem, cache in
            _ = try await aem.with(cache: cache).execute(listQuery)
            let key = aem.cacheKey(for: listQuery.url(on: aem.configuration.origin), in: cache)
            var entry = try #require(await cache.lookup(key))
            entry.body = Data("<html>broken</html>".utf8)
            await cache.store(entry, for: key)
            let result = try await aem.with(cache: cache).execute(listQuery)
            #expect(result.source == .network)
            #expect(result.value.adventures.data?.count == 3)
            #expect(emulator.requests.count == 2)
        }
    }
}
