import Testing

@testable import AEMHeadless

@Suite("Paging: the style of a persisted query")
struct PagingStyleTests {
    @Test("the style comes from the declared variables, the name, or the caller")
    func styleDetection() {
        #expect(PagingStyle(declaredBy: "query ($first: Int = 10, $after: String, $sort: String) { x }") == .cursor)
        #expect(
            PagingStyle(
                declaredBy:
                    "query ($offset: Int, $limit: Int) { adventureList(offset: $offset, limit: $limit) { items { slug } } }"
            ) == .offset)
        #expect(
            PagingStyle(
                declaredBy:
                    "query ($slug: String!) { adventureList(filter: {slug: {_expressions: [{value: $slug}]}}) { items { slug } } }"
            ) == .unpaged)
        #expect(PagingStyle(declaredBy: "# $after: String\nquery { a(s: \"$after:\") }") == .unpaged)
        #expect(PagingStyle(guessingFromName: "articles-Paginated") == .cursor)
        #expect(PagingStyle(guessingFromName: "articles-all") == .offset)
    }
}
