/// The pages of the delivery API's fragment list, fetched one at a time as they are iterated:
/// each page's cursor asks for the next, until a page comes without one. Only the page being
/// read is held in memory. Each page comes as `Fetched`, with where its answer came from and how old it is.
///
/// ```swift
/// for try await fragment in try aem.fragments(under: "/content/dam/wknd-shared/en").items {
///     print(fragment.path)
/// }
/// for try await page in try aem.fragments(under: "/content/dam/wknd-shared/en") {
///     print(page.items.count, page.source, page.age)
/// }
/// ```
public struct FragmentPages: AsyncSequence, Sendable {
    /// Each element is one page, with where its answer came from.
    public typealias Element = Fetched<FragmentPage>

    /// Fetches the page after `cursor` (the first page for nil).
    let page: @Sendable (_ cursor: String?) async throws -> Fetched<FragmentPage>

    /// The pages `page` reads, given the cursor of the page before (nil for the first).
    init(page: @escaping @Sendable (_ cursor: String?) async throws -> Fetched<FragmentPage>) {
        self.page = page
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(page: page)
    }

    /// Every fragment of every page, in order.
    public var items: Items { Items(pages: self) }

    /// Reads the pages in order; after the last page (or a failure) it ends.
    public struct Iterator: AsyncIteratorProtocol {
        let page: @Sendable (_ cursor: String?) async throws -> Fetched<FragmentPage>
        private var walk = CursorWalk()

        init(page: @escaping @Sendable (_ cursor: String?) async throws -> Fetched<FragmentPage>) {
            self.page = page
        }

        /// The next page, fetched now, or nil after the last.
        public mutating func next() async throws -> Fetched<FragmentPage>? {
            try await walk.next(page, cursor: \.value.cursor)
        }
    }

    /// The fragments of every page, one at a time.
    public struct Items: AsyncSequence, Sendable {
        public typealias Element = DeliveredFragment
        let pages: FragmentPages

        public func makeAsyncIterator() -> Iterator {
            Iterator(pages: pages.makeAsyncIterator())
        }

        /// Reads the fragments of a page, then fetches the next page.
        public struct Iterator: AsyncIteratorProtocol {
            var pages: FragmentPages.Iterator
            var buffer = PageBuffer<DeliveredFragment>()

            public mutating func next() async throws -> DeliveredFragment? {
                try await buffer.next { try await pages.next()?.value.items }
            }
        }
    }
}
