import Foundation

/// The pages of any persisted query, fetched one by one as they are iterated: memory holds one
/// page at a time, however many items there are.
///
/// ```swift
/// for try await article in aem.pages(of: "my-site/articles-paginated").items {
///     print(article["title"]?.stringValue ?? "")
/// }
/// for try await page in aem.pages(of: "wknd-shared/adventures-all", variables: ["sort": "title"], pageSize: 50) {
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

    /// The items of every page, one by one.
    public var items: QueryItems { QueryItems(pages: self) }

    /// An iterator that fetches the pages from the first.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(pages: self) }

    /// Fetches the next page when asked for it.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let pages: QueryPages
        private var style: PagingStyle?
        private var cursor: String?
        private var offset = 0
        private var number = 0
        private var finished = false
        /// The first item of the last offset page, to notice a query that ignores `offset`.
        private var previousFirst: UntypedJSON?

        init(pages: QueryPages) {
            self.pages = pages
            cursor = pages.variables["after"].flatMap { $0?.text }
            offset = pages.variables["offset"].flatMap { $0.flatMap { Int($0.text) } } ?? 0
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
                switch style {
                case .cursor: return try await nextCursorPage()
                case .offset: return try await nextOffsetPage()
                case .unpaged:
                    finished = true
                    let result = try await fetch(pages.variables)
                    return QueryPage(
                        items: try QueryConnection.items(of: result), result: result,
                        style: .unpaged, number: number)
                }
            } catch {
                finished = true
                throw error
            }
        }

        private var size: Int {
            let name = style == .cursor ? "first" : "limit"
            return pages.variables[name].flatMap { $0.flatMap { Int($0.text) } }.map { Swift.max(1, $0) }
                ?? pages.pageSize
        }

        private mutating func nextCursorPage() async throws -> QueryPage {
            var variables = pages.variables
            variables["first"] = QueryVariable.int(size)
            variables["after"] = cursor.map(QueryVariable.string)
            let result = try await fetch(variables)
            let connection = try QueryConnection.cursorPage(of: result)
            if connection.hasNextPage {
                guard let end = connection.endCursor, end != cursor, !connection.items.isEmpty else {
                    throw AemError(
                        .invalidResponse,
                        "The answer to \(pages.path) says another page follows but gives no new endCursor, so paging cannot go on.",
                        url: result.url, graphQLErrors: result.errors)
                }
                cursor = end
            } else {
                finished = true
            }
            return QueryPage(items: connection.items, result: result, style: .cursor, number: number)
        }

        private mutating func nextOffsetPage() async throws -> QueryPage {
            let size = self.size
            var variables = pages.variables
            variables["offset"] = QueryVariable.int(offset)
            variables["limit"] = QueryVariable.int(size + 1)
            let result = try await fetch(variables)
            var items = try QueryConnection.offsetItems(of: result)
            if items.count == size + 1 {
                if number > 1, items.first == previousFirst {
                    throw AemError(
                        .invalidResponse,
                        "\(pages.path) answered the same page for two offsets: the stored query does not use its offset variable, so it cannot be paged this way.",
                        url: result.url, graphQLErrors: result.errors)
                }
                previousFirst = items.first
                items.removeLast()
                offset += size
            } else {
                // Fewer: the last page. More: the query ignores `limit`, so this is everything.
                finished = true
            }
            return QueryPage(items: items, result: result, style: .offset, number: number)
        }

        private func fetch(_ variables: [String: QueryVariable?]) async throws -> GraphQLResult<UntypedJSON> {
            let result = try await pages.aem.execute(PersistedQuery<UntypedJSON>(pages.path, variables: variables))
            guard result.data != nil else {
                let first = result.errors.first.map { ": \($0)" } ?? ""
                throw AemError(
                    .graphQLErrors, "AEM answered \(pages.path) with errors and no data\(first).",
                    url: result.url, graphQLErrors: result.errors)
            }
            return result
        }
    }

    /// The style asked for, else the one the stored text declares, else a guess from the name.
    func resolvedStyle() async -> PagingStyle {
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
        var buffered: [UntypedJSON] = []
        var index = 0

        /// The next item, fetching the next page when this one is used up; nil after the last.
        public mutating func next() async throws -> UntypedJSON? {
            while index == buffered.count {
                guard let page = try await pages.next() else { return nil }
                buffered = page.items
                index = 0
            }
            defer { index += 1 }
            return buffered[index]
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
    public func pages(
        of path: String, variables: [String: QueryVariable?] = [:], style: PagingStyle? = nil,
        pageSize: Int = 100
    ) -> QueryPages {
        QueryPages(aem: self, path: path, variables: variables, style: style, pageSize: Swift.max(1, pageSize))
    }
}
