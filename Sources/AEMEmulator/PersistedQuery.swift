/// A stored GraphQL query: its declared variables, its text, and how the emulator resolves it.
struct PersistedQuery: Sendable {
    /// The configuration (`wknd-shared`).
    let configuration: String
    /// The query's name (`adventures-all`).
    let name: String
    let variables: [VariableDefinition]
    /// The text after the variable declarations: the selection.
    let selection: String
    /// Answers the query with converted variables (defaults applied, undeclared ones dropped).
    let resolve: @Sendable (_ query: PersistedQuery, _ variables: [String: VariableValue], _ context: QueryContext) -> JSONValue

    /// The full query text.
    var text: String {
        "query (\(variables.map(\.declaration).joined(separator: ", "))) \(selection)"
    }

    /// `/wknd-shared/adventures-all`.
    var shortPath: String { "/\(configuration)/\(name)" }

    /// Where AEM stores the query: `/conf/wknd-shared/settings/graphql/persistentQueries/adventures-all`.
    var fullPath: String { "/conf/\(configuration)/settings/graphql/persistentQueries/\(name)" }

    /// Converts the URL's variables and resolves the query, or answers graphql-java's validation error for the
    /// first variable that does not convert (a missing required one included).
    func execute(_ values: [String: String], context: QueryContext) -> JSONValue {
        var converted: [String: VariableValue] = [:]
        for definition in variables {
            switch definition.coerce(values[definition.name]) {
            case .success(let value):
                converted[definition.name] = value
            case .failure(let failure):
                return GraphQLError.document([
                    GraphQLError(
                        message: "Variable '\(definition.name)' has an invalid value: \(failure.message)",
                        location: (line: 1, column: column(of: definition)), classification: "ValidationError")
                ])
            }
        }
        return resolve(self, converted, context)
    }

    /// The column of `$name` on the first line of ``text``.
    private func column(of definition: VariableDefinition) -> Int {
        let preceding = variables.prefix { $0.name != definition.name }
        return "query (".count + preceding.map { $0.declaration.count + ", ".count }.reduce(0, +) + 1
    }

    /// Line and column of the first occurrence of `fragment` in ``text``.
    func location(of fragment: String) -> (line: Int, column: Int)? {
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: fragment) {
                return (number + 1, line.distance(from: line.startIndex, to: range.lowerBound) + 1)
            }
        }
        return nil
    }
}

/// What a query is resolved against.
struct QueryContext: Sendable {
    let catalog: ContentCatalog
    /// Whether `_dynamicUrl` is rendered (off: null, as on the local AEM SDK).
    let dynamicURLs: Bool
    /// Scheme and host prefixed to `_dynamicUrl`, for images served from another origin.
    let dynamicURLBase: String?
}
