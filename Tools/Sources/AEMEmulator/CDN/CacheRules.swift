/// Every choice the emulator makes about caching where Adobe documents nothing exactly (the "Stand-in [INF, rules
/// file]" items of aem-openapi.md §8), kept in this one file so that a recording of the real service corrects one line
/// and the tests that pin it: the headers each tier sends, and what the CDN in front of publish (`wknd serve --cdn`)
/// keeps, purges and says.
enum CacheRules {
    // MARK: Headers (§8.1, §8.3)

    /// §8.1: a persisted query's answer carries one `Cache-Control` line, `public` first, as a capture of publish
    /// shows; no `Surrogate-Control` reaches a client.
    static let persistedQueryPrefix = "public"

    /// §8.1 and §8.3: the persisted-query defaults of each tier, used for each directive a stored query does not set.
    /// §8.8: preview inherits publish's configuration, and its headers are not documented: it answers with publish's.
    static func persistedQueryDefaults(_ tier: EmulatorView) -> CacheDirectives {
        switch tier {
        case .publish, .preview:
            CacheDirectives(maxAge: 60, sharedMaxAge: 7200, staleWhileRevalidate: 86400, staleIfError: 86400)
        case .author:
            CacheDirectives(maxAge: 60, sharedMaxAge: 60, staleWhileRevalidate: 86400, staleIfError: 86400)
        }
    }

    /// §8.1 and §2.6: the delivery API's line on publish (Adobe gives the numbers; "stale-on-error" read as
    /// `stale-if-error`); on author, the author persisted-query life, as author's CDN keeps JSON a minute. §8.8: on
    /// preview, publish's line, as preview's headers are not documented.
    static func deliveryDirectives(_ tier: EmulatorView) -> CacheDirectives {
        switch tier {
        case .publish, .preview:
            CacheDirectives(maxAge: 300, sharedMaxAge: 3600, staleWhileRevalidate: 3600, staleIfError: 86400)
        case .author:
            persistedQueryDefaults(.author)
        }
    }

    // MARK: The CDN (§8.2, §8.5, §8.6)

    /// §8.4 and §8.8: the tiers `wknd serve --cdn` puts the CDN in front of: publish only. Preview answers from its
    /// origin, so that a review reads what was published to it (AEM's CDN in front of preview is not documented).
    static let tiersBehindCDN: Set<EmulatorView> = [.publish]

    /// §8.2: what the CDN keeps: a 200 whose `Cache-Control` is neither `private` nor `no-store`, for its
    /// `s-maxage` (else `max-age`).
    static let cachedStatuses: Set<Int> = [200]

    /// §8.2 [INF]: requests that miss the same object while the origin is asked for it wait for that one answer
    /// (Fastly's request collapsing, on by default there; the notes record nothing of it), so a burst of clients
    /// after a change costs the origin one request.
    static let collapsesConcurrentMisses = true

    /// §8.5: a publish purges no persisted-query answer (they expire by their life only).
    static let publishPurgesPersistedQueries = false

    /// §8.5: a change of a fragment (an update or a publish) soft-purges every delivery answer that holds it: its own,
    /// the lists that hold it, and the fragments that hydrate it. With ``purgesOnlyOwnAnswers`` (a switch for tests
    /// of the pessimistic case) only the answers of the fragment itself.
    static let deliveryPathPrefix = "/adobe/contentFragments"

    /// §8.6: the surrogate keys of an answer, as a vhost would set them from the path alone: `graphql`,
    /// `graphql-<conf>` and `graphql-<conf>-<query>` for persisted queries, `delivery` for the delivery API, `assets`
    /// for assets.
    static func surrogateKeys(ofPath path: String) -> [String] {
        if let name = path.dropPrefix("/graphql/execute.json/") {
            let parts = name.split(separator: "/").map(String.init)
            var keys = ["graphql"]
            if let configuration = parts.first { keys.append("graphql-\(configuration)") }
            if parts.count > 1 { keys.append("graphql-\(parts[0])-\(parts[1])") }
            return keys
        }
        if path.hasPrefix(deliveryPathPrefix) { return ["delivery"] }
        if path.hasPrefix("/adobe/dynamicmedia/") || path.hasPrefix("/content/dam/") { return ["assets"] }
        return []
    }

    /// §8.6: a purge without `X-AEM-Purge` is hard (removes the copy); `soft` marks it stale and keeps it for
    /// `stale-while-revalidate`.
    static let purgeIsHardByDefault = true

    /// §8.1: the headers of an answer from the CDN: `X-Cache` (`HIT` for any answer from the cache, stale ones
    /// included, as Fastly says; `MISS` from the origin) and `X-Served-By`.
    static let servedBy = "cache-emulator-1"
}
