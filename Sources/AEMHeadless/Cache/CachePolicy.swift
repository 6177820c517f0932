/// How a query uses the cache, after AppSync's fetch policies.
public enum CachePolicy: String, Sendable, Hashable, CaseIterable {
    /// The default: HTTP's rules. A fresh entry is used without a request; a stale one is
    /// revalidated (`If-None-Match`, `If-Modified-Since`), served at once while it is refreshed
    /// in the background within `stale-while-revalidate`, and served when the server fails
    /// within `stale-if-error`.
    case useHTTPSemantics
    /// Any cached answer, fresh or stale, without a request; a request only when there is none.
    case returnCacheDataElseFetch
    /// Always a request; its answer updates the cache.
    case fetchIgnoringCacheData
    /// Only the cache: a miss fails with `CacheMissError` and nothing is requested.
    case returnCacheDataDontFetch
    /// The cached answer at once, then the fresh one from a request when it differs. Yields up
    /// to two results through `Aem.results(_:policy:)`.
    case returnCacheDataAndFetch
}

/// `returnCacheDataDontFetch` found nothing in the cache for a query.
public struct CacheMissError: Error, Sendable, CustomStringConvertible {
    /// The URL that has no cached answer.
    public var url: String

    /// A miss for `url`.
    package init(url: String) { self.url = url }

    /// Names the URL that has no cached answer.
    public var description: String { "No cached answer for \(url)." }
}
