import Foundation

/// Reads through the client's response cache.
extension Aem {
    /// The results of a persisted query under `policy` (the client's when nil), as they arrive:
    /// one result, except under `.returnCacheDataAndFetch`, which yields the cached result at
    /// once (when there is one), then the server's when it differs. A failure after the cached
    /// result ends the sequence with that error.
    public func results<Response>(
        _ query: PersistedQuery<Response>, policy: CachePolicy? = nil
    ) -> AsyncThrowingStream<Fetched<GraphQLResult<Response>>, any Error> {
        let policy = policy ?? self.policy
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    if policy == .returnCacheDataAndFetch {
                        let request = CachedRequest(aem: self, query: query)
                        let cached = await request.cached()
                        if let cached { continuation.yield(cached.result) }
                        let fresh = try await request.fetch(revalidating: cached?.response)
                        if cached == nil || fresh.source == .network { continuation.yield(fresh) }
                    } else {
                        continuation.yield(try await execute(query, policy: policy))
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Marks the cached answers that hold what `changes` changed as stale: the next read of each asks the service,
    /// past the CDN's copy with the change's mark (the same for every client), whatever its headers allowed; a
    /// `QueryModel` showing one reads it again. Feed it AEM's content events: the journal's, as
    /// `wknd sync --follow` reads it (`EventJournalReader`), or an app's own push channel.
    /// The client also remembers the changes for a while: an answer it had not cached yet, read later from a CDN
    /// copy older than a change to what it holds, is asked for again with that change's mark. A client that reads
    /// drafts keeps no cache: every change wakes its models, which read again.
    /// - Returns: how many cached answers it marked; 0 without a cache, or with one that keeps no tags.
    @discardableResult
    public func invalidateCache(for changes: [ContentChange]) async -> Int {
        recentChanges.record(changes, at: Date())
        guard let cache else {
            if configuration.perspective == .drafts, !changes.isEmpty { cacheChanges.send() }
            return 0
        }
        var marked = 0
        for change in changes { marked += await cache.invalidate(change) }
        if marked > 0 { cacheChanges.send() }
        return marked
    }

    /// Whether the cached answer to `query` was marked stale by a content change and not read since; always, for a
    /// client that reads drafts, whose answers any change may alter.
    package func isMarkedStale<Response>(_ query: PersistedQuery<Response>) async -> Bool {
        guard let cache else { return configuration.perspective == .drafts }
        let key = cacheKey(for: query.url(on: configuration.origin), in: cache)
        return await cache.lookup(key)?.changeMark != nil
    }

    /// The key under which `cache` keeps the answer to `url` for this client's credentials.
    public func cacheKey(for url: URL, in cache: any ResponseCache) -> CacheKey {
        CacheKey(
            url: url.absoluteString,
            identity: configuration.authentication.cacheIdentity(digest: cache.identityDigest(of:)))
    }
}

/// One GET on its way through the client's cache, if it has one: a persisted query or a
/// delivery API read, with how its whole answer becomes a value.
struct CachedRequest<Value: Sendable>: Sendable {
    let aem: Aem
    let url: URL
    /// The cache and the key of this answer in it; nil when the client has no cache.
    let store: (cache: any ResponseCache, key: CacheKey)?
    /// Reads a whole answer (the server's, or one rebuilt from the cache) into the value.
    let read: @Sendable (AemAnswer) throws -> Value

    init(aem: Aem, url: URL, read: @escaping @Sendable (AemAnswer) throws -> Value) {
        self.aem = aem
        self.url = url
        self.store = aem.cache.map { ($0, aem.cacheKey(for: url, in: $0)) }
        self.read = read
    }

    /// The value under `policy`; see `Aem.execute(_:policy:)`.
    func run(_ policy: CachePolicy) async throws -> Fetched<Value> {
        switch policy {
        case .useHTTPSemantics:
            return try await followingHTTPSemantics()
        case .returnCacheDataElseFetch:
            if let cached = await cached() { return cached.result }
            return try await fetch(revalidating: nil)
        case .fetchIgnoringCacheData:
            return try await fetch(revalidating: nil)
        case .returnCacheDataDontFetch:
            guard let cached = await cached() else { throw CacheMissError(url: url.absoluteString) }
            return cached.result
        case .returnCacheDataAndFetch:
            let cached = await cached()
            do {
                return try await fetch(revalidating: cached?.response)
            } catch {
                guard var stale = cached?.result else { throw error }
                stale.serverFailure = error
                return stale
            }
        }
    }

    /// The stored answer, decoded, with its source by freshness; nil when there is none or it no
    /// longer decodes (it is then removed).
    func cached(at now: Date = Date()) async -> (response: CachedResponse, result: Fetched<Value>)? {
        guard let store, let response = await store.cache.lookup(store.key) else { return nil }
        guard let decoded = decode(response) else {
            await store.cache.remove(store.key)
            return nil
        }
        await store.cache.touch(store.key)
        let freshness = response.freshness
        let fresh = freshness.isFresh(at: now) && response.changeMark == nil
        return (response, Fetched(value: decoded, source: fresh ? .cache : .staleCache, age: freshness.age(at: now)))
    }

    /// HTTP's rules: fresh from the cache, else stale while revalidating, else revalidate, with
    /// the stale answer standing in for a failing server.
    func followingHTTPSemantics() async throws -> Fetched<Value> {
        let now = Date()
        guard let hit = await cached(at: now) else { return try await fetch(revalidating: nil) }
        let freshness = hit.response.freshness
        if let mark = hit.response.changeMark {
            do {
                return try await fetch(afterChange: mark, of: hit.response)
            } catch let error where Self.isServerFailure(error) {
                var result = hit.result
                result.serverFailure = error
                return result
            }
        }
        if freshness.isFresh(at: now) { return hit.result }
        let staleness = aem.configuration.staleness
        if freshness.allowsStaleWhileRevalidate(
            at: now, limit: CacheStaleness.seconds(staleness.whileRevalidating))
        {
            var result = hit.result
            let (refresh, stored) = (self, hit.response)
            result.backgroundRefresh = Task { _ = try? await refresh.fetch(revalidating: stored) }
            return result
        }
        do {
            return try await fetch(revalidating: hit.response)
        } catch let error
            where Self.isServerFailure(error)
            && freshness.allowsStaleIfError(at: Date(), limit: CacheStaleness.seconds(staleness.onError))
        {
            var result = hit.result
            result.serverFailure = error
            return result
        }
    }

    /// Asks again for an answer a content change made stale, with the change's mark as a cache-buster (the same URL
    /// for every client of that change, past the CDN's copy), again after ``ContentChange/replicationWaits`` while
    /// the service still answers what it did before.
    func fetch(afterChange mark: String, of stored: CachedResponse) async throws -> Fetched<Value> {
        // A persisted query's URL gets the mark, appended as text so that the query's path and its escapes stay
        // exactly as they were (the mark is hex). A delivery API URL is asked for plainly: whether it takes unknown
        // parameters is untested (aem-openapi.md §8.7), and AEM soft-purges its copies on a change anyway.
        let text = url.absoluteString
        let busted =
            url.path.contains("/graphql/execute.json/")
            ? URL(string: text + (text.contains("?") ? "&" : "?") + "aem-change=" + mark) ?? url : url
        for wait in ContentChange.replicationWaits {
            let result = try await fetch(revalidating: stored, from: busted)
            guard result.source == .revalidated else { return result }
            try await Task.sleep(for: wait)
        }
        return try await fetch(revalidating: stored, from: busted)
    }

    /// Requests the query (at `requested`, the query's URL unless a cache-buster is added), conditionally when
    /// `stored` is given; stores a cacheable answer, and refreshes `stored` on a 304.
    func fetch(revalidating stored: CachedResponse?, from requested: URL? = nil) async throws -> Fetched<Value> {
        let answer = try await aem.answer(requested ?? url, headers: stored?.conditionalHeaders ?? [:])
        let receivedAt = Date()
        if answer.status == 304, let stored, let decoded = decode(stored) {
            let refreshed = stored.refreshed(by: answer.headers, at: receivedAt)
            await keep(refreshed, replacing: stored)
            return Fetched(value: decoded, source: .revalidated, age: refreshed.freshness.age(at: receivedAt))
        }
        let result = try read(answer)
        let entry = CachedResponse(
            status: answer.status, headers: answer.headers, body: answer.body, storedAt: receivedAt,
            tags: CacheTags.of(answer.body, url: url))
        let freshness = entry.freshness
        if requested == nil, let change = newerChange(than: entry) {
            return try await fetch(afterChange: change.mark, of: entry)
        }
        if answer.status == 200, freshness.isStorable { await keep(entry, replacing: stored) }
        // The same bytes as the stored answer confirm it, as a 304 would.
        let source: ResponseSource = stored.map { $0.body == answer.body } == true ? .revalidated : .network
        return Fetched(value: result, source: source, age: freshness.initialAge)
    }

    /// A change the client heard of after the CDN made the copy `entry` came from (by the CDN's `Age`, not the
    /// clocks' `Date`) that touches what it holds: the copy may predate it. Only for persisted queries, whose URL
    /// takes the change's mark, and never for drafts, which no CDN keeps.
    private func newerChange(than entry: CachedResponse) -> ContentChange? {
        guard aem.configuration.perspective.isCached, url.path.contains("/graphql/execute.json/"),
            let age = entry.headers["Age"].flatMap({ TimeInterval($0.trimmingCharacters(in: .whitespaces)) }),
            age > 0
        else { return nil }
        return aem.recentChanges.newest(touching: entry.tags, heardAfter: entry.storedAt.addingTimeInterval(-age))
    }

    /// Stores `entry` in place of `stored` (the answer it was asked after, if any), keeping a change mark that a
    /// content change set while it was on its way: that change is newer than the answer, which must then be read
    /// again rather than shown as current.
    private func keep(_ entry: CachedResponse, replacing stored: CachedResponse?) async {
        guard let store else { return }
        var entry = entry
        if let mark = await store.cache.lookup(store.key)?.changeMark, mark != stored?.changeMark {
            entry.changeMark = mark
        }
        await store.cache.store(entry, for: store.key)
    }

    private func decode(_ response: CachedResponse) -> Value? {
        try? read(AemAnswer(status: response.status, headers: response.headers, body: response.body, url: url))
    }

    /// Failures under which `stale-if-error` serves a stale answer: no connection, a time-out, a 5xx.
    static func isServerFailure(_ error: any Error) -> Bool {
        guard let error = error as? AemError else { return false }
        if error.kind == .network || error.kind == .timedOut { return true }
        return (error.status ?? 0) >= 500
    }
}

extension CachedRequest {
    /// A persisted query through `cache`.
    init<Response>(aem: Aem, query: PersistedQuery<Response>)
    where Value == GraphQLResult<Response> {
        self.init(aem: aem, url: query.url(on: aem.configuration.origin)) { answer in
            try aem.decode(query, answer: answer)
        }
    }
}
