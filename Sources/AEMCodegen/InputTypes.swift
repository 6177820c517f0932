import GraphQL

/// The GraphQL input objects a query's variables take (such as `AdventureModelFilter`, `StringFilter` and
/// `StringFilterExpression`), as Swift types: one immutable final class each (an input may contain itself through
/// references), with a memberwise initializer and the JSON AEM reads, members named exactly as the schema does
/// (`_expressions`, `_operator`, `_ignoreCase`, `_logOp`). Enums they use are typed too.
final class InputTypes {
    private let schema: GraphQLSchema
    private let shapes: ShapeBuilder
    private let namespace: String
    /// The input objects reached so far, by GraphQL name.
    private(set) var declarations: [String: InputDeclaration] = [:]

    init(schema: GraphQLSchema, shapes: ShapeBuilder, namespace: String) {
        self.schema = schema
        self.shapes = shapes
        self.namespace = namespace
    }

    /// The Swift type of `type` as an input (without the optional mark of a nullable one), and how a value of it
    /// (`value`, a Swift expression) becomes an `AEMHeadless.JSONValue`.
    func swiftType(of type: any GraphQLInputType) -> (type: String, json: (String) -> String) {
        if let nonNull = type as? GraphQLNonNull, let inner = nonNull.ofType as? any GraphQLInputType {
            return swiftType(of: inner)
        }
        if let list = type as? GraphQLList, let element = list.ofType as? any GraphQLInputType {
            let (elementType, elementJSON) = swiftType(of: element)
            let isOptional = !(element is GraphQLNonNull)
            let each = isOptional ? "element.map { item in \(elementJSON("item")) } ?? .null" : elementJSON("element")
            let type = "[\(elementType)\(isOptional ? "?" : "")]"
            return (type, { value in ".array(\(value).map { element in \(each) })" })
        }
        switch type {
        case let scalar as GraphQLScalarType:
            switch ShapeBuilder.scalarType(scalar.name) {
            case "String": return ("String", { ".string(\($0))" })
            case "Int": return ("Int", { ".number(Double(\($0)))" })
            case "Double": return ("Double", { ".number(\($0))" })
            case "Bool": return ("Bool", { ".bool(\($0))" })
            case "AEMHeadless.AemCalendar": return ("AEMHeadless.AemCalendar", { ".string(\($0).text)" })
            default: return ("AEMHeadless.JSONValue", { $0 })
            }
        case let enumeration as GraphQLEnumType:
            return (shapes.enumName(enumeration.name), { ".string(\($0).rawValue)" })
        case let input as GraphQLInputObjectType:
            return (declare(input), { "\($0).jsonValue" })
        default:
            return ("AEMHeadless.JSONValue", { $0 })
        }
    }

    /// The Swift name of `input`, declaring it (and what it reaches) the first time.
    private func declare(_ input: GraphQLInputObjectType) -> String {
        let name = namespace + "." + SwiftNaming.typeName(input.name)
        guard declarations[input.name] == nil else { return name }
        // Registered before its fields, so that an input that reaches itself ends there.
        declarations[input.name] = InputDeclaration(name: SwiftNaming.typeName(input.name), graphQLName: input.name)
        var used: Set<String> = ["jsonValue", "queryVariable"]
        let schemaFields = (try? input.fields()) ?? [:]
        let fields = schemaFields.map { key, field in
            let (type, json) = swiftType(of: field.type)
            let isOptional = !(field.type is GraphQLNonNull) || field.defaultValue != nil
            return InputField(
                key: key, name: SwiftNaming.uniqueMember(SwiftNaming.memberName(key), in: &used), type: type,
                isOptional: isOptional, json: json,
                documentation: "`\(key): \(Self.text(of: field.type))`")
        }
        declarations[input.name]?.fields = fields
        return name
    }
}

extension InputTypes {
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
    /// How a value of the field becomes an `AEMHeadless.JSONValue`.
    var json: (String) -> String
    var documentation: String
}
