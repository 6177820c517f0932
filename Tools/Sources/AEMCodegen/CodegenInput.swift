/// What the generator needs for one persisted query: the configuration's schema, the query's text,
/// and where the query lives.
public struct CodegenInput: Sendable {
    /// The schema as SDL, as `GET /content/cq:graphql/<configuration>/endpoint.GQLschema` gives it.
    public var schema: String
    /// The persisted query's GraphQL text.
    public var query: String
    /// The query's configuration and name, such as `wknd-shared/adventures-all`.
    public var queryPath: String

    public init(schema: String, query: String, queryPath: String) {
        self.schema = schema
        self.query = query
        self.queryPath = queryPath
    }

    /// The query's name: the last part of `queryPath` (`adventures-all`).
    var queryName: String {
        queryPath.split(separator: "/").last.map(String.init) ?? queryPath
    }

    /// The configuration: the part of `queryPath` before the name (`wknd-shared`).
    var configuration: String {
        queryPath.split(separator: "/").dropLast().joined(separator: "/")
    }
}
