/// One page of a paged persisted query: its items and the whole answer they came in.
public struct QueryPage: Sendable {
    /// The page's items: the `edges[].node` of a cursor page, the `items` of an offset page,
    /// without the extra item asked for to see whether another page follows.
    public var items: [UntypedJSON]
    /// The page's answer, with any GraphQL errors beside its data.
    public var result: GraphQLResult<UntypedJSON>
    /// The style the pages follow.
    public var style: PagingStyle
    /// 1 for the first page.
    public var number: Int

    /// A page with its items, its answer, its paging style and its number.
    public init(items: [UntypedJSON], result: GraphQLResult<UntypedJSON>, style: PagingStyle, number: Int) {
        self.items = items
        self.result = result
        self.style = style
        self.number = number
    }
}
