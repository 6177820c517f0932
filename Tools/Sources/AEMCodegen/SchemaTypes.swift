import GraphQL

/// The types the queries of one configuration share, each generated once into the configuration's namespace
/// (`wknd-shared` → `WkndSharedSchema`): the GraphQL enums and input objects they use, and a struct per named
/// fragment. Each is made from the schema (or the fragment's text) alone, so a type's file is the same whichever
/// queries asked for it.
final class SchemaTypes {
    let configuration: String
    let namespace: String
    let schema: GraphQLSchema
    /// The SDL's fingerprint, for the files' headers.
    let schemaFingerprint: String
    let options: CodegenOptions
    /// The enums used, by GraphQL name.
    private(set) var enums: [String: EnumDeclaration] = [:]
    /// The input objects used, by GraphQL name.
    var inputs: [String: InputDeclaration] = [:]
    /// The named fragments used, by name.
    private(set) var fragments: [String: SharedFragment] = [:]

    init(configuration: String, schema: GraphQLSchema, sdl: String, options: CodegenOptions) {
        self.configuration = configuration
        namespace = Self.namespace(of: configuration)
        self.schema = schema
        schemaFingerprint = Fingerprint.of(sdl)
        self.options = options
    }

    /// The namespace of a configuration's shared types: its name in upper camel case, ending in `Schema`.
    static func namespace(of configuration: String) -> String {
        SwiftNaming.typeName(configuration, prefix: "Configuration") + "Schema"
    }

    /// How the scalar `name` appears in Swift, with the options' mapping.
    func scalar(_ name: String) -> ScalarType {
        ScalarType(name, mapping: options.scalars)
    }

    /// The qualified Swift name of the GraphQL enum `graphQLName`, declared the first time.
    func enumName(_ graphQLName: String) -> String {
        let name = SwiftNaming.typeName(graphQLName)
        if enums[graphQLName] == nil {
            var used: Set<String> = []
            let values = (schema.getType(name: graphQLName) as? GraphQLEnumType)?.values ?? []
            enums[graphQLName] = EnumDeclaration(
                name: name, graphQLName: graphQLName,
                values: values.map { (SwiftNaming.uniqueMember(SwiftNaming.caseName($0.name), in: &used), $0.name) })
        }
        return namespace + "." + name
    }

    /// A preview value of the enum `graphQLName`: its first value.
    func enumPreview(_ graphQLName: String) -> String {
        let name = enumName(graphQLName)
        let first = enums[graphQLName]?.values.first?.value ?? ""
        return name + "(rawValue: \(SwiftRenderer.literal(first)))"
    }

    /// The qualified Swift name of the struct of the fragment `name` from `definitions` (a query's fragments),
    /// built the first time; `build` makes its declaration.
    /// - Throws: `FragmentConflict` when another query defined a fragment of this name differently.
    func fragmentName(
        _ name: String, definitions: [String: FragmentDefinition], queryPath: String,
        build: (String) throws -> StructDeclaration
    ) throws -> String {
        let text = Self.text(of: name, in: definitions)
        if let known = fragments[name] {
            guard known.text == text else {
                throw FragmentConflict(name: name, queryPath: queryPath, otherQueryPath: known.queryPath)
            }
            return namespace + "." + known.declaration.name
        }
        var swiftName = SwiftNaming.typeName(name)
        let schemaTypeNames = Set(schema.typeMap.keys.map { SwiftNaming.typeName($0) })
        if schemaTypeNames.contains(swiftName) || SwiftNaming.reservedTypeNames.contains(swiftName)
            || SwiftNaming.keywords.contains(swiftName)
        {
            swiftName += "Fragment"
        }
        let declaration = try build(swiftName)
        fragments[name] = SharedFragment(text: text, queryPath: queryPath, declaration: declaration)
        return namespace + "." + swiftName
    }

    /// A fragment's text with the texts of every fragment it reaches, sorted by name: two queries share the fragment
    /// only when all of it is the same.
    private static func text(of name: String, in definitions: [String: FragmentDefinition]) -> String {
        var reached: Set<String> = []
        var pending = [name]
        while let next = pending.popLast() {
            guard reached.insert(next).inserted, let definition = definitions[next] else { continue }
            pending += spreads(in: definition.selectionSet.selections)
        }
        return reached.sorted().compactMap { definitions[$0].map { print(ast: $0) } }.joined(separator: "\n")
    }

    private static func spreads(in selections: [Selection]) -> [String] {
        selections.flatMap { selection -> [String] in
            switch selection {
            case let spread as FragmentSpread: [spread.name.value]
            case let inline as InlineFragment: spreads(in: inline.selectionSet.selections)
            case let field as Field: spreads(in: field.selectionSet?.selections ?? [])
            default: []
            }
        }
    }
}

/// A named fragment's struct and the text it was made from.
struct SharedFragment {
    /// The fragment's text with every fragment it reaches.
    var text: String
    /// The first query that used it, to name in a conflict.
    var queryPath: String
    var declaration: StructDeclaration
}

/// Two queries of one configuration define a fragment of one name differently.
struct FragmentConflict: Error, CustomStringConvertible {
    var name: String
    var queryPath: String
    var otherQueryPath: String

    var description: String {
        "The fragment \(name) is defined differently in \(otherQueryPath); the queries of a configuration share one "
            + "struct per fragment name, so give the two fragments different names or the same text."
    }
}
