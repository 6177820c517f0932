import GraphQL

/// Turns a validated query's selections into the Swift declarations that decode its answer: a
/// struct per selected object, an enum per union or interface field with fragments, the library's
/// `RichText` and `ImageReference` where a selection fits them, the configuration's shared struct
/// of a named fragment where a selection is just that fragment (and as a member beside the fields
/// where it is spread among others), and the enums it uses. Each value also gets a preview
/// expression, for `static var preview`.
final class ShapeBuilder {
    private let types: SchemaTypes
    private let collector: SelectionCollector
    private let fragments: [String: FragmentDefinition]
    /// The query being generated, to name in a fragment conflict.
    private let queryPath: String

    /// What `RichText` can hold: `MultiFormatString` selections of these fields only.
    private static let richTextFields: Set<String> = ["html", "plaintext", "markdown", "json"]
    /// What `ImageReference` can hold: `ImageRef` selections of these fields only.
    private static let imageFields: Set<String> = [
        "_path", "_dynamicUrl", "_authorUrl", "_publishUrl", "width", "height", "mimeType",
    ]

    init(types: SchemaTypes, fragments: [String: FragmentDefinition], queryPath: String) {
        self.types = types
        collector = SelectionCollector(schema: types.schema, fragments: fragments)
        self.fragments = fragments
        self.queryPath = queryPath
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
            let value = try valueType(
                of: type, collected: collected, typeNames: &typeNames, nested: &declaration.nested)
            declaration.properties.append(
                PropertyDeclaration(
                    key: collected.key,
                    name: SwiftNaming.uniqueMember(SwiftNaming.memberName(collected.key), in: &memberNames),
                    type: value.type,
                    isOptional: value.isOptional || collected.isConditional,
                    documentation: (collected.key == collected.name ? "" : "\(collected.key): ")
                        + "\(collected.name): \(Self.describe(type))",
                    preview: value.preview))
        }
        for spread in selections.compactMap({ $0 as? FragmentSpread }) {
            guard let definition = fragments[spread.name.value], definition.typeCondition.name.value == typeName,
                let object = types.schema.getType(name: typeName) as? GraphQLObjectType
            else { continue }
            let fragmentType = try sharedFragment(definition, on: object)
            declaration.properties.append(
                PropertyDeclaration(
                    key: spread.name.value,
                    name: SwiftNaming.uniqueMember(SwiftNaming.memberName(spread.name.value), in: &memberNames),
                    type: fragmentType, isOptional: SelectionCollector.isConditional(spread.directives),
                    documentation: "...\(spread.name.value)",
                    preview: fragmentType + ".preview", isFragment: true))
        }
        return declaration
    }

    /// The qualified name of the configuration's struct for a fragment on `object`, made the first time.
    private func sharedFragment(_ definition: FragmentDefinition, on object: GraphQLObjectType) throws -> String {
        try types.fragmentName(definition.name.value, definitions: fragments, queryPath: queryPath) { swiftName in
            try structure(named: swiftName, for: object, selections: definition.selectionSet.selections)
        }
    }

    /// The fragment a selection set on `typeName` consists of, when it is one unconditional spread of a fragment on
    /// exactly that type.
    private func soleFragment(of selections: [Selection], on typeName: String) -> FragmentDefinition? {
        guard selections.count == 1, let spread = selections.first as? FragmentSpread, spread.directives.isEmpty,
            let definition = fragments[spread.name.value], definition.typeCondition.name.value == typeName
        else { return nil }
        return definition
    }

    /// The Swift type of a field's value, whether it is optional, and its preview; nested declarations it needs
    /// are added to `nested`, named uniquely within `typeNames`.
    private func valueType(
        of type: GraphQLOutputType, collected: SelectionCollector.CollectedField,
        typeNames: inout Set<String>, nested: inout [TypeDeclaration]
    ) throws -> (type: String, isOptional: Bool, preview: String) {
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
        var preview: String
        switch current {
        case let scalar as GraphQLScalarType:
            let scalar = types.scalar(scalar.name)
            (base, preview) = (scalar.swiftType, scalar.preview(collected.key))
        case let enumeration as GraphQLEnumType:
            (base, preview) = (types.enumName(enumeration.name), types.enumPreview(enumeration.name))
        case let object as GraphQLObjectType:
            if let fragment = soleFragment(of: collected.selections, on: object.name) {
                base = try sharedFragment(fragment, on: object)
                preview = base + ".preview"
            } else if let library = try libraryType(
                for: object, selections: collected.selections, dropTypename: false, key: collected.key)
            {
                (base, preview) = library
            } else {
                let name = SwiftNaming.uniqueType(hint, in: &typeNames)
                nested.append(.structure(try structure(named: name, for: object, selections: collected.selections)))
                (base, preview) = (name, name + ".preview")
            }
        case let abstract as any GraphQLAbstractType:
            let name = SwiftNaming.uniqueType(hint, in: &typeNames)
            nested.append(
                try abstractDeclaration(
                    named: name, for: abstract, selections: collected.selections, key: collected.key))
            (base, preview) = (name, name + ".preview")
        default:
            (base, preview) = (
                "AEMHeadless.UntypedJSON", "AEMHeadless.UntypedJSON.string(\(SwiftRenderer.literal(collected.key)))"
            )
        }
        for _ in 0..<depth { preview = "[\(preview)]" }
        return (String(repeating: "[", count: depth) + base + String(repeating: "]", count: depth), isOptional, preview)
    }

    /// An enum with a case per object type the fragments select; with no such fragments, a struct
    /// of the fields selected on the abstract type itself.
    private func abstractDeclaration(
        named name: String, for type: any GraphQLAbstractType, selections: [Selection], key: String
    ) throws -> TypeDeclaration {
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
            let preview: String
            if let library = try libraryType(for: object, selections: selections, dropTypename: true, key: key) {
                (payload, preview) = library
            } else {
                var base = object.name
                if base.hasSuffix("Model"), base.count > 5 { base = String(base.dropLast(5)) }
                payload = SwiftNaming.uniqueType(SwiftNaming.typeName(base), in: &typeNames)
                declaration.nested.append(
                    .structure(try structure(named: payload, for: object, selections: selections, dropTypename: true)))
                preview = payload + ".preview"
            }
            var caseBase = object.name
            if caseBase.hasSuffix("Model"), caseBase.count > 5 { caseBase = String(caseBase.dropLast(5)) }
            declaration.cases.append(
                UnionCase(
                    typename: object.name,
                    name: SwiftNaming.uniqueMember(SwiftNaming.caseName(caseBase), in: &caseNames),
                    payload: payload, keys: keys, preview: preview))
        }
        return .union(declaration)
    }

    /// `RichText` or `ImageReference`, with a preview for the field `key`, when `selections` on `object` ask only
    /// for what that type holds, under the fields' own names; else nil.
    private func libraryType(for object: GraphQLObjectType, selections: [Selection], dropTypename: Bool, key: String)
        throws -> (type: String, preview: String)?
    {
        let (name, allowed, preview): (String, Set<String>, String)
        let text = SwiftRenderer.literal(key)
        switch object.name {
        case "MultiFormatString":
            let html = SwiftRenderer.literal("<p>\(key)</p>")
            (name, allowed) = ("AEMHeadless.RichText", Self.richTextFields)
            preview = "AEMHeadless.RichText(plaintext: \(text), html: \(html), markdown: \(text))"
        case "ImageRef":
            let path = SwiftRenderer.literal("/content/dam/preview/\(key).jpg")
            (name, allowed) = ("AEMHeadless.ImageReference", Self.imageFields)
            preview = "AEMHeadless.ImageReference(path: \(path), width: 1200, height: 800, mimeType: \"image/jpeg\")"
        default: return nil
        }
        let collected = collector.collect(selections, on: object.name).filter {
            !(dropTypename && $0.name == "__typename")
        }
        let fits =
            !collected.isEmpty
            && collected.allSatisfy { $0.key == $0.name && allowed.contains($0.name) && !$0.isConditional }
        return fits ? (name, preview) : nil
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
