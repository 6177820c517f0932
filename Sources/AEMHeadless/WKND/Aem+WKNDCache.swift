/// The WKND sample app's queries through a response cache.
extension Aem {
    /// `adventures(offset:limit:sort:image:)` through `cache` under `policy`.
    public func adventures(
        offset: Int? = nil, limit: Int? = nil, sort: String? = nil, image: ImageTransform = .defaults,
        cache: any ResponseCache, policy: CachePolicy = .useHTTPSemantics
    ) async throws -> CachedResult<[Adventure]> {
        try await execute(
            WKNDQueries.adventures(offset: offset, limit: limit, sort: sort, image: image), cache: cache, policy: policy
        )
        .mapResult(\.adventures)
    }

    /// `adventure(slug:image:)` through `cache` under `policy`.
    public func adventure(
        slug: String, image: ImageTransform = .defaults,
        cache: any ResponseCache, policy: CachePolicy = .useHTTPSemantics
    ) async throws -> CachedResult<AdventureDetail> {
        try await execute(WKNDQueries.adventureBySlug(slug, image: image), cache: cache, policy: policy)
            .mapResult { try $0.adventureDetail() }
    }

    /// `adventures(locale:offset:limit:sort:image:)` through `cache` under `policy`.
    public func adventures(
        locale: ContentLocale, offset: Int? = nil, limit: Int? = nil, sort: String? = nil,
        image: ImageTransform = .defaults, cache: any ResponseCache, policy: CachePolicy = .useHTTPSemantics
    ) async throws -> CachedResult<[Adventure]> {
        try await byLocale {
            try await execute(
                WKNDQueries.adventures(locale: locale, offset: offset, limit: limit, sort: sort, image: image),
                cache: cache, policy: policy
            )
            .mapResult(\.adventures)
        }
    }
}
