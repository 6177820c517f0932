/// The items of one page, handed out one at a time, with the next page fetched when they are
/// used up: what the item sequences of paged reads share.
package struct PageBuffer<Item: Sendable>: Sendable {
    private var items: [Item] = []
    private var index = 0

    /// A buffer with no page yet.
    package init() {}

    /// The next item, asking `nextPage` for the items of the next page when this one is used up
    /// (and again while pages come empty); nil once `nextPage` has no more pages.
    package mutating func next(_ nextPage: () async throws -> [Item]?) async throws -> Item? {
        while index == items.count {
            guard let page = try await nextPage() else { return nil }
            items = page
            index = 0
        }
        defer { index += 1 }
        return items[index]
    }
}
