import Foundation

/// What a persisted query answered: the decoded `data`, when there was any, and every GraphQL
/// error beside it, with the query it answers. Partial data comes with errors, so both are kept.
public struct GraphQLResult<Data: Sendable>: Sendable {
    /// The decoded `data` member, or nil when the response had none (or it was `null`).
    public var data: Data?
    /// The response's `errors`, empty when there were none.
    public var errors: [GraphQLError]
    /// The persisted query's path, such as `wknd-shared/adventures-all`.
    public var queryPath: String
    /// The URL the query was sent to (never holding credentials).
    public var url: URL

    /// A result with its data (if any), its errors and the query it answers.
    public init(data: Data?, errors: [GraphQLError], queryPath: String, url: URL) {
        self.data = data
        self.errors = errors
        self.queryPath = queryPath
        self.url = url
    }

    /// The same result with its data transformed.
    public func map<T: Sendable>(_ transform: (Data) throws -> T) rethrows -> GraphQLResult<T> {
        GraphQLResult<T>(data: try data.map(transform), errors: errors, queryPath: queryPath, url: url)
    }
}
