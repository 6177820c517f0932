import AEMHeadless

/// The pages of a Sites API list, fetched one at a time as they are iterated: each page's cursor asks for the
/// next, until a page comes without one. Only the page being read is held in memory; nothing is cached.
///
/// ```swift
/// for try await fragment in try aem.authoredFragments(under: "/content/dam/wknd-shared/en").items {
///     print(fragment.path, fragment.status ?? .draft)
/// }
/// ```
public struct SitesPages<Item: Sendable & Hashable>: AsyncSequence, Sendable {
    /// Each element is one page.
    public typealias Element = SitesPage<Item>

    /// Fetches the page after `cursor` (the first page for nil).
    let page: @Sendable (_ cursor: String?) async throws -> SitesPage<Item>

    init(page: @escaping @Sendable (_ cursor: String?) async throws -> SitesPage<Item>) {
        self.page = page
    }

    /// An iterator that starts at the first page.
    public func makeAsyncIterator() -> Iterator {
        Iterator(page: page)
    }

    /// Every item of every page, in order.
    public var items: Items { Items(pages: self) }

    /// Reads the pages in order; after the last page (or a failure) it ends.
    public struct Iterator: AsyncIteratorProtocol {
        let page: @Sendable (_ cursor: String?) async throws -> SitesPage<Item>
        private var walk = CursorWalk()

        init(page: @escaping @Sendable (_ cursor: String?) async throws -> SitesPage<Item>) {
            self.page = page
        }

        /// The next page, fetched now, or nil after the last.
        public mutating func next() async throws -> SitesPage<Item>? {
            try await walk.next(page, cursor: \.cursor)
        }
    }

    /// The items of every page, one at a time.
    public struct Items: AsyncSequence, Sendable {
        /// Each element is one item.
        public typealias Element = Item
        let pages: SitesPages

        /// An iterator that starts at the first item of the first page.
        public func makeAsyncIterator() -> Iterator {
            Iterator(pages: pages.makeAsyncIterator())
        }

        /// Reads the items of a page, then fetches the next page.
        public struct Iterator: AsyncIteratorProtocol {
            var pages: SitesPages.Iterator
            var buffer = PageBuffer<Item>()

            /// The next item, fetching pages as needed; nil after the last.
            public mutating func next() async throws -> Item? {
                try await buffer.next { try await pages.next()?.items }
            }
        }
    }
}
