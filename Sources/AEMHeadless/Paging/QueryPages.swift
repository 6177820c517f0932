import Foundation

/// The pages of any persisted query, fetched one by one as they are iterated: memory holds one
/// page at a time, however many items there are.
///
/// ```swift
/// for try await article in aem.pages(of: "my-site/articles-paginated").items {
///     print(article["title"]?.stringValue ?? "")
/// }
/// for try await page in aem.pages(of: "my-site/articles-all", variables: ["sort": "title"], pageSize: 50) {
///     print(page.number, page.items.count, page.result.errors)
/// }
/// ```
///
/// The style (`PagingStyle`) is the one given, else found from the variables the stored query
/// declares (read with `Aem.persistedQueryText`), else guessed from its name. A `first`, `limit`,
/// `after` or `offset` among the variables sets the page size or where paging starts. A page
/// with GraphQL errors beside its data is yielded with them (`page.result.errors`); a page with
/// errors and no data throws.
public struct QueryPages: AsyncSequence, Sendable {
    /// Each element is one page.
    public typealias Element = QueryPage

    let aem: Aem
    /// The persisted query, `configuration/name`.
    public let path: String
    /// The variables of every page, besides those paging sets.
    public let variables: [String: QueryVariable?]
    /// The style asked for; nil to find it.
    public let style: PagingStyle?
    /// Items per page, unless a `first` or `limit` variable says otherwise.
    public let pageSize: Int
    /// How each page uses the client's cache; nil for the client's policy.
    let policy: CachePolicy?

    /// The items of every page, one by one.
    public var items: QueryItems { QueryItems(pages: self) }

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
        public mutating func next() async throws -> QueryPage? {
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
                    path: pages.path, variables: pages.variables, style: style, pageSize: pages.pageSize, start: start)
                let result = try await fetch(request.query)
                let page = try request.read(result)
                if style == .offset, page.next != nil {
                    if number > 1, page.items.first == previousFirst {
                        throw AemError(
                            .invalidResponse,
                            "\(pages.path) answered the same page for two offsets: the stored query does not use its offset variable, so it cannot be paged this way.",
                            url: result.url, graphQLErrors: result.errors)
                    }
                    previousFirst = page.items.first
                }
                start = page.next
                finished = page.next == nil
                return QueryPage(items: page.items, result: result, style: style, number: number)
            } catch {
                finished = true
                throw error
            }
        }

        private func fetch(_ query: PersistedQuery<UntypedJSON>) async throws -> GraphQLResult<UntypedJSON> {
            let result = try await pages.aem.execute(query, policy: pages.policy).value
            _ = try result.requireData()
            return result
        }
    }

    /// The style the pages follow: the one asked for, else the one the stored query's text
    /// declares (read with `Aem.persistedQueryText`), else a guess from its name.
    public func resolvedStyle() async -> PagingStyle {
        if let style { return style }
        if let text = try? await aem.persistedQueryText(path) { return PagingStyle(declaredBy: text) }
        return PagingStyle(guessingFromName: String(path.split(separator: "/").last ?? ""))
    }
}

/// The items of `QueryPages`, one by one.
public struct QueryItems: AsyncSequence, Sendable {
    /// Each element is one item of a page, as untyped JSON.
    public typealias Element = UntypedJSON

    let pages: QueryPages

    /// An iterator that fetches pages as their items are needed.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(pages: pages.makeAsyncIterator()) }

    /// Reads the items of one page, then fetches the next.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var pages: QueryPages.AsyncIterator
        var buffer = PageBuffer<UntypedJSON>()

        /// The next item, fetching the next page when this one is used up; nil after the last.
        public mutating func next() async throws -> UntypedJSON? {
            try await buffer.next { try await pages.next()?.items }
        }
    }
}

extension Aem {
    /// The pages of the persisted query `path` (`configuration/name`), fetched as they are
    /// iterated; `.items` gives their items one by one. See `QueryPages`.
    ///
    /// - Parameters:
    ///   - style: how the query pages; nil to find it from the stored query's variables.
    ///   - pageSize: items per page (AEM allows at most 100 for `first`).
    ///   - policy: how each page uses the cache; nil for the client's policy.
    public func pages(
        of path: String, variables: [String: QueryVariable?] = [:], style: PagingStyle? = nil,
        pageSize: Int = 100, policy: CachePolicy? = nil
    ) -> QueryPages {
        QueryPages(
            aem: self, path: path, variables: variables, style: style, pageSize: Swift.max(1, pageSize),
            policy: policy)
    }
}
