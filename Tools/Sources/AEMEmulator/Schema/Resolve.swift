import GraphQL

/// Small builders for the schema's field resolvers.
enum Resolve {
    /// A field of `type` whose value is read from a source of type `Source` (null for any other source).
    static func field<Source>(
        _ type: GraphQLOutputType, _ read: @escaping @Sendable (Source) -> (any Sendable)?
    ) -> ReadableField {
        let reader: FieldReaders.Read = { source in
            guard let source = source as? Source else { return nil }
            return read(source)
        }
        let resolve: GraphQLFieldResolveInput = { source, _, _, _ in reader(source) }
        return ReadableField(field: GraphQLField(type: type, resolve: resolve), read: reader)
    }

    /// `values` as the list GraphQL expects of a list field.
    static func list<Element: Sendable>(_ values: [Element]) -> [(any Sendable)?] {
        values.map { $0 as (any Sendable)? }
    }

    /// The name of the object type of a value of a union: a fragment's model type, or an asset's or page's reference
    /// type.
    static func objectTypeName(of value: any Sendable) -> String {
        switch value {
        case let node as FragmentNode: node.typeName
        case let node as any ReferenceNode: node.typeName
        default: "DocumentRef"
        }
    }

    /// The object type of a fragment or asset, for the unions.
    static let typeName: GraphQLTypeResolve = { value, _ in objectTypeName(of: value) }
}
