/// What a persisted query answered: the decoded `data`, when there was any, and every GraphQL
/// error beside it. Partial data comes with errors, so both are kept.
public struct GraphQLResult<Data: Sendable>: Sendable {
    /// The decoded `data` member, or nil when the response had none (or it was `null`).
    public var data: Data?
    /// The response's `errors`, empty when there were none.
    public var errors: [GraphQLError]

    public init(data: Data?, errors: [GraphQLError]) {
        self.data = data
        self.errors = errors
    }

    /// The same result with its data transformed.
    public func map<T: Sendable>(_ transform: (Data) throws -> T) rethrows -> GraphQLResult<T> {
        GraphQLResult<T>(data: try data.map(transform), errors: errors)
    }
}
