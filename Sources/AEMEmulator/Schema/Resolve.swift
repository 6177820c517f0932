import GraphQL

/// Small builders for the schema's field resolvers.
enum Resolve {
    /// A field of `type` whose value is read from a source of type `Source` (null for any other source).
    static func field<Source>(
        _ type: GraphQLOutputType, args: GraphQLArgumentConfigMap = [:],
        _ read: @escaping @Sendable (Source) -> (any Sendable)?
    ) -> GraphQLField {
        let resolve: GraphQLFieldResolveInput = { source, _, _, _ in
            guard let source = source as? Source else { return nil }
            return read(source)
        }
        return GraphQLField(type: type, args: args, resolve: resolve)
    }

    /// `values` as the list GraphQL expects of a list field.
    static func list<Element: Sendable>(_ values: [Element]) -> [(any Sendable)?] {
        values.map { $0 as (any Sendable)? }
    }

    /// The object type of a fragment or asset, for the unions.
    static let typeName: GraphQLTypeResolve = { value, _ in
        switch value {
        case let node as FragmentNode: node.typeName
        case let node as AssetNode: node.typeName
        default: "DocumentRef"
        }
    }
}
