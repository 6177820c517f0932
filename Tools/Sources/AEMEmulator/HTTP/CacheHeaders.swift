/// The `Cache-Control` line of an answer: a persisted query's (its tier's defaults, or what was set when it was
/// persisted, in one line as AEM sends it) or the delivery API's.
struct CacheHeaders: Sendable, Equatable {
    /// `Cache-Control`.
    var cacheControl: String

    init(cacheControl: String) {
        self.cacheControl = cacheControl
    }

    /// The line of `directives`.
    init(_ directives: CacheDirectives, public isPublic: Bool = false) {
        cacheControl = directives.line(public: isPublic)
    }

    /// The line of `query`'s answers on `tier`: its own `cache-control` `max-age`, and its `surrogate-control`
    /// `max-age` (as `s-maxage`), `stale-while-revalidate` and `stale-if-error`; the tier's defaults for each it does
    /// not set (aem-openapi.md §8.3).
    init(_ query: StoredQuery, tier: EmulatorView) {
        var directives = CacheRules.persistedQueryDefaults(tier)
        if let maxAge = query.cacheControl?["max-age"] { directives.maxAge = maxAge }
        if let surrogate = query.surrogateControl {
            if let shared = surrogate["max-age"] { directives.sharedMaxAge = shared }
            if let value = surrogate["stale-while-revalidate"] { directives.staleWhileRevalidate = value }
            if let value = surrogate["stale-if-error"] { directives.staleIfError = value }
        }
        self.init(directives, public: true)
    }

    /// The directives of the line.
    var directives: CacheDirectives { CacheDirectives(parsing: cacheControl) }
}
