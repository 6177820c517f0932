import GraphQL

/// Turns a validated query's selections into the Swift declarations that decode its answer: a
/// struct per selected object, an enum per union or interface field with fragments, the library's
/// `RichText` and `ImageReference` where a selection fits them, and the enums it uses.
final class ShapeBuilder {
    private let schema: GraphQLSchema
    private let collector: SelectionCollector
    /// The namespace the generated types live in, to name the GraphQL enums unambiguously.
    private let namespace: String
    /// The GraphQL enums used, by name, with their Swift names.
    private(set) var enums: [String: String] = [:]

    /// What `RichText` can hold: `MultiFormatString` selections of these fields only.
    private static let richTextFields: Set<String> = ["html", "plaintext", "markdown", "json"]
    /// What `ImageReference` can hold: `ImageRef` selections of these fields only.
    private static let imageFields: Set<String> = [
        "_path", "_dynamicUrl", "_authorUrl", "_publishUrl", "width", "height", "mimeType",
    ]

    init(schema: GraphQLSchema, fragments: [String: FragmentDefinition], namespace: String) {
        self.schema = schema
        collector = SelectionCollector(schema: schema, fragments: fragments)
        self.namespace = namespace
    }

    /// The struct for the fields `selections` ask of the object type `type`; `__typename` is left
    /// out when `dropTypename` (a union case knows its type).
    func structure(named name: String, for type: GraphQLObjectType, selections: [Selection], dropTypename: Bool = false)
        throws
        -> StructDeclaration
    {
        let fields = try type.fields()
        return try structure(named: name, typeName: type.name, selections: selections, dropTypename: dropTypename) {
            fields[$0]?.type
        }
    }

    private func structure(
        named name: String, typeName: String, selections: [Selection], dropTypename: Bool,
        fieldType: (String) -> GraphQLOutputType?
    ) throws -> StructDeclaration {
        var declaration = StructDeclaration(name: name, graphQLType: typeName, properties: [], nested: [])
        var memberNames: Set<String> = []
        var typeNames: Set<String> = [name]
        for collected in collector.collect(selections, on: typeName) {
            let type: GraphQLOutputType
            if collected.name == "__typename" {
                if dropTypename { continue }
                type = GraphQLNonNull(GraphQLString)
            } else {
                guard let found = fieldType(collected.name) else { continue }
                type = found
            }
            let (swiftType, isOptional) = try valueType(
                of: type, collected: collected, typeNames: &typeNames, nested: &declaration.nested)
            declaration.properties.append(
                PropertyDeclaration(
                    key: collected.key,
                    name: SwiftNaming.uniqueMember(SwiftNaming.memberName(collected.key), in: &memberNames),
                    type: swiftType,
                    isOptional: isOptional || collected.isConditional,
                    documentation: (collected.key == collected.name ? "" : "\(collected.key): ")
                        + "\(collected.name): \(Self.describe(type))"))
        }
        return declaration
    }

    /// The Swift type of a field's value and whether it is optional; nested declarations it needs
    /// are added to `nested`, named uniquely within `typeNames`.
    private func valueType(
        of type: GraphQLOutputType, collected: SelectionCollector.CollectedField,
        typeNames: inout Set<String>, nested: inout [TypeDeclaration]
    ) throws -> (String, Bool) {
        var current: GraphQLType = type
        var isOptional = true
        if let nonNull = current as? GraphQLNonNull {
            isOptional = false
            current = nonNull.ofType
        }
        var depth = 0
        while let list = current as? GraphQLList {
            depth += 1
            current = list.ofType
            if let nonNull = current as? GraphQLNonNull { current = nonNull.ofType }
        }
        var hint = SwiftNaming.typeName(SwiftNaming.memberName(collected.key))
        if depth > 0 { hint = SwiftNaming.singular(hint) }
        let base: String
        switch current {
        case let scalar as GraphQLScalarType:
            base = Self.scalarType(scalar.name)
        case let enumeration as GraphQLEnumType:
            base = enumName(enumeration.name)
        case let object as GraphQLObjectType:
            if let library = try libraryType(for: object, selections: collected.selections, dropTypename: false) {
                base = library
            } else {
                let name = SwiftNaming.uniqueType(hint, in: &typeNames)
                nested.append(.structure(try structure(named: name, for: object, selections: collected.selections)))
                base = name
            }
        case let abstract as any GraphQLAbstractType:
            let name = SwiftNaming.uniqueType(hint, in: &typeNames)
            nested.append(try abstractDeclaration(named: name, for: abstract, selections: collected.selections))
            base = name
        default:
            base = "AEMHeadless.JSONValue"
        }
        return (String(repeating: "[", count: depth) + base + String(repeating: "]", count: depth), isOptional)
    }

    /// An enum with a case per object type the fragments select; with no such fragments, a struct
    /// of the fields selected on the abstract type itself.
    private func abstractDeclaration(named name: String, for type: any GraphQLAbstractType, selections: [Selection])
        throws
        -> TypeDeclaration
    {
        let caseTypes = collector.caseTypes(of: selections, within: type)
        guard !caseTypes.isEmpty else {
            let interfaceFields = try (type as? GraphQLInterfaceType)?.fields()
            return .structure(
                try structure(named: name, typeName: type.name, selections: selections, dropTypename: false) {
                    interfaceFields?[$0]?.type
                })
        }
        var declaration = UnionDeclaration(name: name, graphQLType: type.name, cases: [], nested: [])
        var caseNames: Set<String> = ["unknown"]
        var typeNames: Set<String> = [name]
        for object in caseTypes {
            let keys = collector.collect(selections, on: object.name).map(\.key).filter { $0 != "__typename" }
            let payload: String
            if let library = try libraryType(for: object, selections: selections, dropTypename: true) {
                payload = library
            } else {
                var base = object.name
                if base.hasSuffix("Model"), base.count > 5 { base = String(base.dropLast(5)) }
                payload = SwiftNaming.uniqueType(SwiftNaming.typeName(base), in: &typeNames)
                declaration.nested.append(
                    .structure(try structure(named: payload, for: object, selections: selections, dropTypename: true)))
            }
            var caseBase = object.name
            if caseBase.hasSuffix("Model"), caseBase.count > 5 { caseBase = String(caseBase.dropLast(5)) }
            declaration.cases.append(
                UnionCase(
                    typename: object.name,
                    name: SwiftNaming.uniqueMember(SwiftNaming.caseName(caseBase), in: &caseNames),
                    payload: payload, keys: keys))
        }
        return .union(declaration)
    }

    /// `RichText` or `ImageReference` when `selections` on `object` ask only for what that type
    /// holds, under the fields' own names; else nil.
    private func libraryType(for object: GraphQLObjectType, selections: [Selection], dropTypename: Bool) throws
        -> String?
    {
        let (name, allowed): (String, Set<String>)
        switch object.name {
        case "MultiFormatString": (name, allowed) = ("AEMHeadless.RichText", Self.richTextFields)
        case "ImageRef": (name, allowed) = ("AEMHeadless.ImageReference", Self.imageFields)
        default: return nil
        }
        let collected = collector.collect(selections, on: object.name).filter {
            !(dropTypename && $0.name == "__typename")
        }
        let fits =
            !collected.isEmpty
            && collected.allSatisfy { $0.key == $0.name && allowed.contains($0.name) && !$0.isConditional }
        return fits ? name : nil
    }

    /// The Swift name of a GraphQL enum, recorded so that its declaration is written.
    func enumName(_ graphQLName: String) -> String {
        let name = SwiftNaming.typeName(graphQLName)
        enums[graphQLName] = name
        return namespace + "." + name
    }

    /// The Swift type of a scalar: `String` for `String` and `ID`, `AemCalendar` for `Calendar`
    /// (the ISO 8601 text as sent, with its date and parts), `Int`, `Double` for `Float`, `Bool`
    /// for `Boolean`, `JSONValue` for `Json` and any other custom scalar. Library types are named with their module, so that an app's own types
    /// of the same name cannot hide them.
    static func scalarType(_ name: String) -> String {
        switch name {
        case "String", "ID": "String"
        case "Calendar": "AEMHeadless.AemCalendar"
        case "Int": "Int"
        case "Float": "Double"
        case "Boolean": "Bool"
        default: "AEMHeadless.JSONValue"
        }
    }

    /// A type as GraphQL writes it: `[AdventureModel]`, `ID!`.
    static func describe(_ type: GraphQLType) -> String {
        switch type {
        case let nonNull as GraphQLNonNull: describe(nonNull.ofType) + "!"
        case let list as GraphQLList: "[" + describe(list.ofType) + "]"
        case let named as GraphQLNamedType: named.name
        default: "?"
        }
    }
}
