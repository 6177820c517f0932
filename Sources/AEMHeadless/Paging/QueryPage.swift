/// One page of a paged persisted query: the query's answer for that page, as any read of it returns it.
public struct QueryPage<Response: Decodable & Sendable>: Sendable {
    /// The page's answer, with any GraphQL errors beside its data.
    public var result: GraphQLResult<Response>
    /// The style the pages follow.
    public var style: PagingStyle
    /// 1 for the first page.
    public var number: Int
    /// Where the next page starts (`after` for a cursor page, the offset for an offset page); nil after the last.
    package var next: String?
}

extension QueryPage where Response == UntypedJSON {
    /// The page's items, as sent: the `edges[].node` of a cursor page, the `items` of an offset page.
    public var items: [UntypedJSON] {
        (try? QueryConnection.items(of: result)) ?? []
    }
}
