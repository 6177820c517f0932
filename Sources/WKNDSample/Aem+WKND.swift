import AEMHeadless

/// The WKND sample app's queries as calls on the client. Each reads through the client's cache
/// under `policy` (the client's when nil).
extension Aem {
    /// Lists adventures with `wknd-shared/adventures-all`.
    ///
    /// - Parameters:
    ///   - offset: how many adventures to skip; nil for the stored query's default.
    ///   - limit: the most adventures returned; nil for the stored query's default.
    ///   - sort: AEM's sort expression, such as `title ASC`.
    ///   - image: the image rendition options.
    /// - Returns: the adventures (items that came back `null` are skipped) and any GraphQL
    ///   errors beside them; `data` is nil only when AEM sent errors instead of a list.
    /// - Throws: `AemError` when the answer is not a usable GraphQL response, or `CancellationError`.
    public func adventures(
        offset: Int? = nil, limit: Int? = nil, sort: String? = nil,
        image: ImageTransform = .defaults, policy: CachePolicy? = nil
    ) async throws -> Fetched<GraphQLResult<[Adventure]>> {
        try await execute(
            WKNDQueries.adventures(offset: offset, limit: limit, sort: sort, image: image), policy: policy
        ).map(\.adventures)
    }

    /// Every adventure, read page by page from `wknd-shared/adventures-all` by `offset` and
    /// `limit` (`pageSize` a page, as `QueryPageRequest` pages), with the GraphQL errors of every
    /// page beside them.
    /// - Throws: `AemError` as `adventures(offset:limit:sort:image:)` does, for the first page
    ///   that fails; `CancellationError`.
    /// The answer is as old as its oldest page.
    public func allAdventures(
        sort: String? = nil, image: ImageTransform = .defaults, pageSize: Int = 50, policy: CachePolicy? = nil
    ) async throws -> Fetched<GraphQLResult<[Adventure]>> {
        let parts = CachedParts()
        let result = try await allAdventures(of: WKNDQueries.adventures(sort: sort, image: image), pageSize: pageSize) {
            try await parts.execute($0, on: self, policy: policy)
        }
        return parts.fetched(result)
    }

    /// Every adventure `list` gives, read page by page by `offset` and `limit`, each page with `read`.
    func allAdventures(
        of list: PersistedQuery<AdventureListData>, pageSize: Int,
        read: (PersistedQuery<AdventureListData>) async throws -> GraphQLResult<AdventureListData>
    ) async throws -> GraphQLResult<[Adventure]> {
        var adventures: [Adventure] = []
        var errors: [GraphQLError] = []
        var start: String?
        repeat {
            let request = QueryPageRequest(
                path: list.path, variables: list.variables, style: .offset, pageSize: pageSize, start: start)
            let asked = request.query
            let result = try await read(PersistedQuery<AdventureListData>(asked.path, variables: asked.variables))
                .adventures
            let page = request.offsetPage(try result.requireData())
            adventures += page.items
            errors += result.errors
            start = page.next
        } while start != nil
        return GraphQLResult(
            data: adventures, errors: errors, queryPath: list.path, url: list.url(on: configuration.origin))
    }

    /// Finds the adventure whose slug is `slug` with `wknd-shared/adventure-by-slug`, with the
    /// adventures and images its rich text links to.
    ///
    /// **No match is not an error**: when no adventure has that slug, the call returns normally
    /// with `data == nil`. GraphQL errors beside the data are kept in `errors`.
    /// - Throws: `AemError` when the answer is not a usable GraphQL response (`.graphQLErrors`
    ///   when AEM sent errors and no list at all), or `CancellationError`.
    public func adventure(slug: String, image: ImageTransform = .defaults, policy: CachePolicy? = nil) async throws
        -> Fetched<GraphQLResult<AdventureDetail>>
    {
        try await execute(WKNDQueries.adventureBySlug(slug, image: image), policy: policy).map {
            try $0.adventureDetail()
        }
    }
}
