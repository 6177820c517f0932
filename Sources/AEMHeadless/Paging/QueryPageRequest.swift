/// One page of a paged persisted query on its own: the query that asks for it and how its answer
/// is read. `QueryPages` pages with it from the first page on; code that sends the requests
/// itself (conditionally, or resuming at a page it stored) pages the same way:
///
/// ```swift
/// var start: String? = nil
/// repeat {
///     let request = QueryPageRequest(path: "my-site/articles-paginated", style: .cursor, start: start)
///     let page = try request.read(try await aem.execute(request.query))
///     print(page.items.count)
///     start = page.next
/// } while start != nil
/// ```
package struct QueryPageRequest: Sendable, Hashable {
    /// The persisted query, `configuration/name`.
    package let path: String
    /// The variables of every page, besides those paging sets.
    package let variables: [String: QueryVariable?]
    /// How the query pages.
    package let style: PagingStyle
    /// Items per page, unless a `first` or `limit` variable says otherwise.
    package let pageSize: Int
    /// Where the page starts: the `after` cursor of a cursor page, the offset (decimal text) of
    /// an offset page; nil for the first page, which starts where an `after` or `offset`
    /// variable says.
    package let start: String?

    /// The page of `path` in `style` that starts at `start`.
    package init(
        path: String, variables: [String: QueryVariable?] = [:], style: PagingStyle, pageSize: Int = 100,
        start: String? = nil
    ) {
        self.path = path
        self.variables = variables
        self.style = style
        self.pageSize = Swift.max(1, pageSize)
        self.start = start
    }

    /// A page read from its answer: its items, and where the next page starts.
    package struct Page: Sendable {
        /// The items: `edges[].node` of a cursor page, `items` of an offset page.
        package var items: [UntypedJSON]
        /// The `start` of the next page; nil when this is the last.
        package var next: String?
    }

    /// The query that asks for this page, with its paging variables set: `first`/`after` for a
    /// cursor page, `offset`/`limit` for an offset page.
    package var query: PersistedQuery<UntypedJSON> {
        var variables = self.variables
        switch style {
        case .cursor:
            variables["first"] = QueryVariable.int(size)
            if let start { variables["after"] = QueryVariable.string(start) }
        case .offset:
            variables["offset"] = QueryVariable.int(offset)
            variables["limit"] = QueryVariable.int(size)
        case .unpaged:
            break
        }
        return PersistedQuery(path, variables: variables)
    }

    /// Reads this page's answer.
    ///
    /// - Throws: `AemError` when the answer has no list in the style's shape, or says another
    ///   page follows without giving a new cursor.
    package func read(_ result: GraphQLResult<UntypedJSON>) throws(AemError) -> Page {
        switch style {
        case .cursor:
            let connection = try QueryConnection.cursorPage(of: result)
            guard connection.hasNextPage else { return Page(items: connection.items, next: nil) }
            guard let end = connection.endCursor, end != cursor, !connection.items.isEmpty else {
                throw AemError(
                    .invalidResponse,
                    "The answer to \(path) says another page follows but gives no new endCursor, so paging cannot go on.",
                    url: result.url, graphQLErrors: result.errors)
            }
            return Page(items: connection.items, next: end)
        case .offset:
            let (items, next) = offsetPage(try QueryConnection.offsetItems(of: result))
            return Page(items: items, next: next)
        case .unpaged:
            return Page(items: try QueryConnection.items(of: result), next: nil)
        }
    }

    /// The items of an offset page asked for `limit` items, and the `start` of the next page: a full page may be
    /// followed by another, a shorter one is the last.
    func offsetPage<Item>(_ received: [Item]) -> (items: [Item], next: String?) {
        // Fewer than asked: the last page. More: the query ignores `limit`, so this is everything.
        guard received.count == size else { return (received, nil) }
        return (received, String(offset + size))
    }

    /// The `after` cursor the page is asked with.
    private var cursor: String? {
        start ?? variables["after"].flatMap { $0?.text }
    }

    private var offset: Int {
        (start ?? variables["offset"].flatMap { $0?.text }).flatMap { Int($0) } ?? 0
    }

    private var size: Int {
        let name = style == .cursor ? "first" : "limit"
        return variables[name].flatMap { $0.flatMap { Int($0.text) } }.map { Swift.max(1, $0) } ?? pageSize
    }
}
