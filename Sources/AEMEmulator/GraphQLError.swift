/// One entry of a GraphQL `errors` array, in graphql-java's shape (which AEM uses).
struct GraphQLError: Sendable {
    var message: String
    var location: (line: Int, column: Int)? = nil
    var path: [String]? = nil
    /// `ValidationError` for bad variables, `DataFetchingException` for failures while resolving a field.
    var classification: String

    var json: JSONValue {
        var members: [(String, JSONValue)] = [("message", .string(message))]
        if let location {
            members.append(("locations", .array([.object([("line", .int(location.line)), ("column", .int(location.column))])])))
        }
        if let path { members.append(("path", .array(path.map(JSONValue.string)))) }
        members.append(("extensions", .object([("classification", .string(classification))])))
        return .object(members)
    }

    /// `{"errors":[...]}`, the answer to a request whose variables do not validate.
    static func document(_ errors: [GraphQLError]) -> JSONValue {
        .object([("errors", .array(errors.map(\.json)))])
    }
}
