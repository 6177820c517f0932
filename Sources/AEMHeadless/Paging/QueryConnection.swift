/// Where a page's items are in a persisted query's `data`: the first top-level field holding a
/// connection (`edges`, `pageInfo`) or a list (`items`).
enum QueryConnection {
    struct CursorPage {
        var items: [UntypedJSON]
        var hasNextPage: Bool
        var endCursor: String?
    }

    static func cursorPage(of result: GraphQLResult<UntypedJSON>) throws(AemError) -> CursorPage {
        guard let connection = field(in: result, holding: "edges"), let edges = connection["edges"]?.arrayValue else {
            throw missing(result, "a field with edges and pageInfo (a …Paginated query)")
        }
        let pageInfo = connection["pageInfo"]
        return CursorPage(
            items: edges.compactMap { $0["node"] }, hasNextPage: pageInfo?["hasNextPage"]?.boolValue ?? false,
            endCursor: pageInfo?["endCursor"]?.stringValue)
    }

    static func offsetItems(of result: GraphQLResult<UntypedJSON>) throws(AemError) -> [UntypedJSON] {
        guard let list = field(in: result, holding: "items")?["items"]?.arrayValue else {
            throw missing(result, "a field with items (a …List query)")
        }
        return list
    }

    /// The items of any answer: `edges[].node`, `items`, or `item`.
    static func items(of result: GraphQLResult<UntypedJSON>) throws(AemError) -> [UntypedJSON] {
        if let edges = field(in: result, holding: "edges")?["edges"]?.arrayValue {
            return edges.compactMap { $0["node"] }
        }
        if let items = field(in: result, holding: "items")?["items"]?.arrayValue { return items }
        if let item = field(in: result, holding: "item")?["item"] { return item.isNull ? [] : [item] }
        throw missing(result, "a field with edges, items or item")
    }

    private static func field(in result: GraphQLResult<UntypedJSON>, holding key: String) -> UntypedJSON? {
        result.data?.members?.first { $0.value[key] != nil }?.value
    }

    private static func missing(_ result: GraphQLResult<UntypedJSON>, _ expected: String) -> AemError {
        AemError(
            .decodingFailed,
            "The answer to \(result.queryPath) has no list to page through: expected \(expected) in its data.",
            url: result.url, graphQLErrors: result.errors)
    }
}
