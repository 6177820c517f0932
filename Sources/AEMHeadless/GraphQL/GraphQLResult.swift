import Foundation

/// What a persisted query answered: the decoded `data`, when there was any, and every GraphQL
/// error beside it, with the query it answers. Partial data comes with errors, so both are kept.
public struct GraphQLResult<Value: Sendable>: Sendable {
    /// The decoded `data` member, or nil when the response had none (or it was `null`).
    public var data: Value?
    /// The response's `errors`, empty when there were none.
    public var errors: [GraphQLError]
    /// The persisted query's path, such as `wknd-shared/adventures-all`.
    public var queryPath: String
    /// The URL the query was sent to (never holding credentials).
    public var url: URL

    /// A result with its data (if any), its errors and the query it answers.
    public init(data: Value?, errors: [GraphQLError], queryPath: String, url: URL) {
        self.data = data
        self.errors = errors
        self.queryPath = queryPath
        self.url = url
    }

    /// The same result with its data transformed.
    public func map<T: Sendable>(_ transform: (Value) throws -> T) rethrows -> GraphQLResult<T> {
        GraphQLResult<T>(data: try data.map(transform), errors: errors, queryPath: queryPath, url: url)
    }

    /// The data, whatever errors came beside it.
    ///
    /// - Throws: `AemError` of kind `.graphQLErrors` when AEM sent errors and no data at all.
    public func requireData() throws(AemError) -> Value {
        guard let data else { throw noDataError() }
        return data
    }

    /// A member of the data, whatever errors came beside it: `result.requireData(\.articleList)`.
    ///
    /// - Throws: `AemError` of kind `.graphQLErrors` when AEM sent errors and no data at all, or `null` for the
    ///   member (as it does for a field that failed).
    public func requireData<Member>(_ member: KeyPath<Value, Member?>) throws(AemError) -> Member {
        guard let value = try requireData()[keyPath: member] else { throw noDataError() }
        return value
    }

    /// The error for an answer with errors and no data, naming the first error.
    func noDataError() -> AemError {
        let first = errors.first.map { ": \($0)" } ?? ""
        return AemError(
            .graphQLErrors,
            "AEM answered \(queryPath) with errors and no data\(first). Check that the persisted query is deployed and valid on that server.",
            url: url, graphQLErrors: errors)
    }
}
