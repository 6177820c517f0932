import AEMHeadless

/// The WKND reads that take more than one request: every adventure, page by page, and an adventure or the list in
/// the locales of a chain. One request is a value of `WKNDQueries`, run with `Aem.execute(_:policy:)`. Each read
/// goes through the client's cache under `policy` (the client's when nil), and its answer is as old as its oldest
/// part.
extension Aem {
    /// Every adventure, read page by page from `wknd-shared/adventures-all` by `offset` and `limit` (`pageSize` a
    /// page), with the GraphQL errors of every page beside them.
    /// - Throws: `AemError` for the first page that fails; `CancellationError`.
    public func allAdventures(
        sort: String? = nil, image: ImageTransform = .defaults, pageSize: Int = 50, policy: CachePolicy? = nil
    ) async throws -> Fetched<GraphQLResult<[Adventure]>> {
        try await allAdventures(
            of: WKNDQueries.adventures(sort: sort, image: image), pageSize: pageSize, policy: policy)
    }

    /// Every adventure `list` gives, read page by page by `offset` and `limit`.
    func allAdventures(of list: PersistedQuery<AdventureListData>, pageSize: Int, policy: CachePolicy?) async throws
        -> Fetched<GraphQLResult<[Adventure]>>
    {
        var read: [Fetched<QueryPage<AdventureListData>>] = []
        for try await page in pages(of: list, style: .offset, pageSize: pageSize, policy: policy) {
            read.append(page)
        }
        let results = read.map(\.value.result.adventures)
        let adventures = results.flatMap { $0.data ?? [] }
        let result = GraphQLResult(
            data: adventures, errors: results.flatMap(\.errors), queryPath: list.path,
            url: results.first?.url ?? list.url(on: configuration.origin))
        return Fetched(result, combining: read)
    }
}
