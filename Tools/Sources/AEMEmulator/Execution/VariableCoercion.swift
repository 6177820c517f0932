import GraphQL

/// Converts the variables of a persisted-query URL (`;limit=5;imageFormat=PNG;`), which arrive as text, to the types
/// the stored query declares (aem-wire.md §1): `Int`, `Float`, `Boolean` (`true`/`false`), enums by name, `String`
/// and `ID` as they are, input objects and lists as JSON text. Undeclared variables are dropped; a declared one left
/// out takes its declared default (applied by the executor). Failures are worded as graphql-java words them.
enum VariableCoercion {
    /// A variable that does not convert, or a required one that is missing.
    struct Failure: Error, Equatable {
        let message: String
        let line: Int
        let column: Int

        /// graphql-java's error object for it.
        var json: OrderedJSON {
            .object([
                ("message", .string(message)),
                ("locations", .array([.object([("line", .int(line)), ("column", .int(column))])])),
                ("extensions", .object([("classification", .string("ValidationError"))])),
            ])
        }
    }

    /// The variables of `operation` converted from `raw`, or the first that fails.
    static func coerce(_ raw: [String: String], operation: OperationDefinition, schema: GraphQLSchema) -> Result<
        [String: Map], Failure
    > {
        var variables: [String: Map] = [:]
        for definition in operation.variableDefinitions {
            let name = definition.variable.name.value
            func failure(_ reason: String) -> Failure {
                let (line, column) = SourcePosition.lineAndColumn(of: definition.loc)
                return Failure(
                    message: "Variable '\(name)' has an invalid value: \(reason)", line: line, column: column)
            }
            guard let text = raw[name] else {
                if definition.defaultValue == nil, definition.type is NonNullType {
                    return .failure(
                        failure(
                            "Variable '\(name)' has coerced Null value for NonNull type '\(typeText(definition.type))'")
                    )
                }
                continue
            }
            switch convert(text, to: definition.type, schema: schema) {
            case .success(let value): variables[name] = value
            case .failure(let reason): return .failure(failure(reason.message))
            }
        }
        return .success(variables)
    }

    private struct Reason: Error {
        let message: String
    }

    private static func convert(_ text: String, to type: any GraphQL.`Type`, schema: GraphQLSchema) -> Result<
        Map, Reason
    > {
        switch type {
        case let type as NonNullType:
            return convert(text, to: type.type, schema: schema)
        case is ListType:
            if case .array(let elements)? = JSONMap.parse(text) { return .success(.array(elements)) }
            guard let type = type as? ListType else { return .success(.string(text)) }
            return convert(text, to: type.type, schema: schema).map { .array([$0]) }
        case let type as NamedType:
            return convert(text, named: type.name.value, schema: schema)
        default:
            return .success(.string(text))
        }
    }

    private static func convert(_ text: String, named name: String, schema: GraphQLSchema) -> Result<Map, Reason> {
        let notConvertible = Reason(
            message: "Expected a value that can be converted to type '\(name)' but it was a 'String'")
        switch name {
        case "String", "ID", "Calendar":
            return .success(.string(text))
        case "Int":
            return integer(text).map { .success(.int($0)) } ?? .failure(notConvertible)
        case "Float":
            guard isNumeric(text), let value = Double(text), value.isFinite else { return .failure(notConvertible) }
            return .success(.double(value))
        case "Boolean":
            switch text.lowercased() {
            case "true": return .success(.bool(true))
            case "false": return .success(.bool(false))
            default: return .failure(notConvertible)
            }
        case "Json":
            return .success(JSONMap.parse(text) ?? .string(text))
        default:
            switch schema.getType(name: name) {
            case let enumeration as GraphQLEnumType:
                guard enumeration.nameLookup[text] != nil else {
                    return .failure(
                        Reason(message: "Invalid input for enum '\(name)'. No value found for name '\(text)'"))
                }
                return .success(.string(text))
            case is GraphQLInputObjectType:
                guard case .dictionary(let members)? = JSONMap.parse(text) else { return .failure(notConvertible) }
                return .success(.dictionary(members))
            default:
                return .success(.string(text))
            }
        }
    }

    /// The type as written: `String!`, `[Int]`.
    private static func typeText(_ type: any GraphQL.`Type`) -> String {
        switch type {
        case let type as NonNullType: typeText(type.type) + "!"
        case let type as ListType: "[" + typeText(type.type) + "]"
        case let type as NamedType: type.name.value
        default: ""
        }
    }

    /// A 32-bit integer written as a decimal number, possibly with a zero fraction or an exponent (`5`, `5.0`, `5e0`).
    private static func integer(_ text: String) -> Int? {
        if let value = Int32(text) { return Int(value) }
        guard isNumeric(text), let value = Double(text), value.isFinite, value == value.rounded(),
            value >= Double(Int32.min), value <= Double(Int32.max)
        else { return nil }
        return Int(value)
    }

    private static func isNumeric(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }
    }
}
