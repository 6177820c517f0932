/// Where a cursor-paged read stands: the cursor of the next page, and whether the last page was read. A page without
/// a cursor ends the walk, as does a cursor already followed (a server sending one twice cannot loop forever) or a
/// failure. What the page sequences of the delivery API and the Sites API share.
package struct CursorWalk: Sendable {
    private var cursor: String?
    private var finished = false
    private var followed: Set<String> = []

    /// A walk that starts at the first page.
    package init() {}

    /// The next page from `fetch` (given the cursor of the page before, nil for the first), whose own cursor `cursor`
    /// reads; nil after the last.
    package mutating func next<Page>(
        _ fetch: (_ cursor: String?) async throws -> Page, cursor nextCursor: (Page) -> String?
    ) async throws -> Page? {
        guard !finished else { return nil }
        do {
            let current = try await fetch(cursor)
            if let next = nextCursor(current), followed.insert(next).inserted {
                cursor = next
            } else {
                finished = true
            }
            return current
        } catch {
            finished = true
            throw error
        }
    }
}
