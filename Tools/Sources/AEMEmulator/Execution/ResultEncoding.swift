import GraphQL

/// A GraphQL result as the emulator's ordered JSON, in graphql-java's shape (which AEM answers): `errors` first when
/// there are any, then `data`; each error with `message`, `locations`, `path` and `extensions.classification`.
enum ResultEncoding {
    static func json(_ result: GraphQLResult) -> OrderedJSON {
        var members: [(String, OrderedJSON)] = []
        if !result.errors.isEmpty { members.append(("errors", .array(result.errors.map(json)))) }
        if let data = result.data { members.append(("data", json(data))) }
        return .object(members)
    }

    static func json(_ error: GraphQL.GraphQLError) -> OrderedJSON {
        var members: [(String, OrderedJSON)] = [("message", .string(error.message))]
        if !error.locations.isEmpty {
            members.append(
                (
                    "locations",
                    .array(error.locations.map { .object([("line", .int($0.line)), ("column", .int($0.column))]) })
                ))
        }
        if !error.path.elements.isEmpty {
            members.append(
                (
                    "path",
                    .array(
                        error.path.elements.map { element in
                            switch element {
                            case .index(let index): .int(index)
                            case .key(let key): .string(key)
                            }
                        })
                ))
        }
        let classification = error.path.elements.isEmpty ? "ValidationError" : "DataFetchingException"
        members.append(("extensions", .object([("classification", .string(classification))])))
        return .object(members)
    }

    static func json(_ map: Map) -> OrderedJSON {
        switch map {
        case .undefined, .null: .null
        case .bool(let flag): .bool(flag)
        case .number(let number): number.storageType == .bool ? .bool(number.boolValue) : .number(number.doubleValue)
        case .string(let text): .string(text)
        case .array(let elements): .array(elements.map(json))
        case .dictionary(let members): .object(members.map { ($0.key, json($0.value)) })
        }
    }
}
