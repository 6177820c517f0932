import GraphQL

/// The GraphQL input objects a query's variables take (such as `AdventureModelFilter`, `StringFilter` and
/// `StringFilterExpression`), as Swift types shared by the configuration's queries: one immutable final class each
/// (an input may contain itself through references), with a memberwise initializer and the JSON AEM reads, members
/// named exactly as the schema does (`_expressions`, `_operator`, `_ignoreCase`, `_logOp`). Enums they use are typed
/// too.
extension SchemaTypes {
    /// The Swift type of `type` as an input (without the optional mark of a nullable one), and how a value of it
    /// (`value`, a Swift expression) becomes an `AEMHeadless.UntypedJSON`.
    func inputType(of type: any GraphQLInputType) -> (type: String, json: (String) -> String) {
        if let nonNull = type as? GraphQLNonNull, let inner = nonNull.ofType as? any GraphQLInputType {
            return inputType(of: inner)
        }
        if let list = type as? GraphQLList, let element = list.ofType as? any GraphQLInputType {
            let (elementType, elementJSON) = inputType(of: element)
            let isOptional = !(element is GraphQLNonNull)
            let each = isOptional ? "element.map { item in \(elementJSON("item")) } ?? .null" : elementJSON("element")
            let type = "[\(elementType)\(isOptional ? "?" : "")]"
            return (type, { value in ".array(\(value).map { element in \(each) })" })
        }
        switch type {
        case let scalar as GraphQLScalarType:
            let scalar = self.scalar(scalar.name)
            return (scalar.swiftType, scalar.json)
        case let enumeration as GraphQLEnumType:
            return (enumName(enumeration.name), { ".string(\($0).rawValue)" })
        case let input as GraphQLInputObjectType:
            return (declareInput(input), { "\($0).json" })
        default:
            return ("AEMHeadless.UntypedJSON", { $0 })
        }
    }

    /// The qualified Swift name of `input`, declaring it (and what it reaches) the first time.
    private func declareInput(_ input: GraphQLInputObjectType) -> String {
        let name = namespace + "." + SwiftNaming.typeName(input.name)
        guard inputs[input.name] == nil else { return name }
        // Registered before its fields, so that an input that reaches itself ends there.
        inputs[input.name] = InputDeclaration(name: SwiftNaming.typeName(input.name), graphQLName: input.name)
        var used: Set<String> = ["json", "queryVariable"]
        let schemaFields = (try? input.fields()) ?? [:]
        let fields = schemaFields.map { key, field in
            let (type, json) = inputType(of: field.type)
            let isOptional = !(field.type is GraphQLNonNull) || field.defaultValue != nil
            return InputField(
                key: key, name: SwiftNaming.uniqueMember(SwiftNaming.memberName(key), in: &used), type: type,
                isOptional: isOptional, json: json,
                documentation: "`\(key): \(Self.text(of: field.type))`")
        }
        inputs[input.name]?.fields = fields
        return name
    }

    /// A type as GraphQL writes it: `[String!]`.
    static func text(of type: any GraphQLType) -> String {
        if let nonNull = type as? GraphQLNonNull { return text(of: nonNull.ofType) + "!" }
        if let list = type as? GraphQLList { return "[" + text(of: list.ofType) + "]" }
        return (type as? any GraphQLNamedType)?.name ?? "?"
    }
}

/// A GraphQL input object as a Swift class.
struct InputDeclaration {
    var name: String
    var graphQLName: String
    var fields: [InputField] = []
}

/// One field of an input object.
struct InputField {
    /// The field's name in the schema, the JSON member's name.
    var key: String
    /// The Swift name, unescaped.
    var name: String
    var type: String
    var isOptional: Bool
    /// How a value of the field becomes an `AEMHeadless.UntypedJSON`.
    var json: (String) -> String
    var documentation: String
}
