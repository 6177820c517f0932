import Foundation

/// The pages of a persisted query, fetched one by one as they are iterated: memory holds one page at a time, however
/// many items there are. Each page is read as any read of the client is, through its cache under the policy, and
/// comes as `Fetched`, with where its answer came from and how old it is.
///
/// ```swift
/// for try await page in aem.pages(of: ArticlesQuery.request(sort: "title")) {
///     print(page.number, page.result.data?.articleList.items.count ?? 0, page.source, page.age)
/// }
/// for try await article in aem.pages(of: PersistedQuery<UntypedJSON>("my-site/articles-paginated")).items {
///     print(article["title"]?.stringValue ?? "")
/// }
/// ```
///
/// The style (`PagingStyle`) is the one given, else found from the variables the stored query declares (read with
/// `Aem.persistedQueryText`), else guessed from its name. A `first`, `limit`, `after` or `offset` among the query's
/// variables sets the page size or where paging starts. A page with GraphQL errors beside its data is yielded with
/// them (`page.result.errors`); a page with errors and no data throws.
public struct QueryPages<Response: Decodable & Sendable>: AsyncSequence, Sendable {
    /// Each element is one page, with where its answer came from.
    public typealias Element = Fetched<QueryPage<Response>>

    let aem: Aem
    /// The query whose pages these are; its variables are those of every page, besides those paging sets.
    public let query: PersistedQuery<Response>
    /// The style asked for; nil to find it.
    public let style: PagingStyle?
    /// Items per page, unless a `first` or `limit` variable says otherwise.
    public let pageSize: Int
    /// How each page uses the client's cache; nil for the client's policy.
    let policy: CachePolicy?

    /// An iterator that fetches the pages from the first.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(pages: self) }

    /// Fetches the next page when asked for it.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let pages: QueryPages
        private var style: PagingStyle?
        /// Where the next page starts (`QueryPageRequest.start`); nil for the first.
        private var start: String?
        private var number = 0
        private var finished = false
        /// The first item of the last offset page, to notice a query that ignores `offset`.
        private var previousFirst: UntypedJSON?

        init(pages: QueryPages) {
            self.pages = pages
        }

        /// The next page, fetched now, or nil after the last; throws for a page with errors and no data.
        public mutating func next() async throws -> Fetched<QueryPage<Response>>? {
            guard !finished else { return nil }
            try Task.checkCancellation()
            let style: PagingStyle
            if let known = self.style {
                style = known
            } else {
                style = await pages.resolvedStyle()
                self.style = style
            }
            number += 1
            do {
                let request = QueryPageRequest(
                    path: pages.query.path, variables: pages.query.variables, style: style,
                    pageSize: pages.pageSize, start: start)
                let fetched = try await pages.aem.page(
                    PersistedQuery<Response>(pages.query.path, variables: request.query.variables),
                    policy: pages.policy
                ) { untyped throws(AemError) in
                    _ = try untyped.requireData()
                    return try request.read(untyped)
                }
                let page = fetched.value.page
                // A full offset page is followed by a request that may find nothing: that is the end, not a page.
                if style == .offset, number > 1, page.items.isEmpty {
                    finished = true
                    return nil
                }
                if style == .offset, page.next != nil {
                    if number > 1, page.items.first == previousFirst {
                        throw AemError(
                            .invalidResponse,
                            "\(pages.query.path) answered the same page for two offsets: the stored query does not use its offset variable, so it cannot be paged this way.",
                            url: fetched.value.result.url, graphQLErrors: fetched.value.result.errors)
                    }
                    previousFirst = page.items.first
                }
                start = page.next
                finished = page.next == nil
                let number = number
                return fetched.map { QueryPage(result: $0.result, style: style, number: number, next: page.next) }
            } catch {
                finished = true
                throw error
            }
        }
    }

    /// The style the pages follow: the one asked for, else the one the stored query's text
    /// declares (read with `Aem.persistedQueryText`), else a guess from its name.
    package func resolvedStyle() async -> PagingStyle {
        if let style { return style }
        if let text = try? await aem.persistedQueryText(query.path) { return PagingStyle(declaredBy: text) }
        return PagingStyle(guessingFromName: String(query.path.split(separator: "/").last ?? ""))
    }
}

extension QueryPages where Response == UntypedJSON {
    /// The items of every page, one by one.
    public var items: QueryItems { QueryItems(pages: self) }
}

/// The items of the pages of an untyped query, one by one.
public struct QueryItems: AsyncSequence, Sendable {
    /// Each element is one item of a page, as sent.
    public typealias Element = UntypedJSON

    let pages: QueryPages<UntypedJSON>

    /// An iterator that fetches pages as their items are needed.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(pages: pages.makeAsyncIterator()) }

    /// Reads the items of one page, then fetches the next.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var pages: QueryPages<UntypedJSON>.AsyncIterator
        var buffer = PageBuffer<UntypedJSON>()

        /// The next item, fetching the next page when this one is used up; nil after the last.
        public mutating func next() async throws -> UntypedJSON? {
            try await buffer.next { try await pages.next()?.value.items }
        }
    }
}

extension Aem {
    /// The pages of `query`, fetched as they are iterated, each as `Fetched`; `.items` gives the items of an
    /// untyped query one by one. See `QueryPages`.
    ///
    /// - Parameters:
    ///   - style: how the query pages; nil to find it from the stored query's variables.
    ///   - pageSize: items per page (AEM allows at most 100 for `first`).
    ///   - policy: how each page uses the cache; nil for the client's policy.
    public func pages<Response>(
        of query: PersistedQuery<Response>, style: PagingStyle? = nil, pageSize: Int = 100,
        policy: CachePolicy? = nil
    ) -> QueryPages<Response> {
        QueryPages(aem: self, query: query, style: style, pageSize: Swift.max(1, pageSize), policy: policy)
    }

    /// One page of a query through the cache: its answer decoded as `Response`, and as untyped JSON for `read`,
    /// which finds where the next page starts.
    func page<Response>(
        _ query: PersistedQuery<Response>, policy: CachePolicy?,
        read: @escaping @Sendable (GraphQLResult<UntypedJSON>) throws(AemError) -> QueryPageRequest.Page
    ) async throws -> Fetched<(result: GraphQLResult<Response>, page: QueryPageRequest.Page)> {
        let untyped = PersistedQuery<UntypedJSON>(query.path, variables: query.variables)
        return try await CachedRequest(aem: self, url: query.url(on: configuration.origin)) { answer in
            let result = try self.decode(query, answer: answer)
            let page =
                if let result = result as? GraphQLResult<UntypedJSON> {
                    try read(result)
                } else {
                    try read(try self.decode(untyped, answer: answer))
                }
            return (result, page)
        }
        .run(policy ?? self.policy)
    }
}
