import GraphQL
import OrderedCollections

/// Each object field of a schema as the stand-in's own executor reads it (``SelectionExecutor``): its output type and
/// the function that reads its value from its parent's value. GraphQLSwift's resolvers want a `GraphQLResolveInfo`,
/// which only its executor can make; these readers are the same functions without it. Filled while the schema is
/// built, read only afterwards.
final class FieldReaders: @unchecked Sendable {
    /// Reads a field's value from its parent's (nil: null).
    typealias Read = @Sendable (any Sendable) -> (any Sendable)?

    /// A field's output type and reader; a root field has no reader (its resolver runs in GraphQLSwift).
    struct Entry {
        let type: GraphQLOutputType
        let read: Read?
    }

    private var types: [String: [String: Entry]] = [:]

    /// An object type named `name` with `fields`, whose readers are kept.
    func objectType(name: String, fields: ReadableFieldMap) throws -> GraphQLObjectType {
        register(fields, on: name)
        return try GraphQLObjectType(name: name, fields: fields.mapValues(\.field))
    }

    /// Keeps the readers of `fields`, the fields of the object type `typeName`.
    func register(_ fields: ReadableFieldMap, on typeName: String) {
        types[typeName] = Dictionary(
            uniqueKeysWithValues: fields.map { ($0.key, Entry(type: $0.value.field.type, read: $0.value.read)) })
    }

    /// Keeps the types of the root fields of the object type `typeName`, resolved by GraphQLSwift.
    func registerRoot(_ fields: GraphQLFieldMap, on typeName: String) {
        types[typeName] = Dictionary(
            uniqueKeysWithValues: fields.map { ($0.key, Entry(type: $0.value.type, read: nil)) })
    }

    /// The field `field` of the object type `typeName`.
    func entry(of typeName: String, field: String) -> Entry? {
        types[typeName]?[field]
    }
}

/// A schema field with its reader: what ``Resolve/field(_:_:)`` builds.
struct ReadableField {
    let field: GraphQLField
    let read: FieldReaders.Read
}

/// Readable fields by name, in the order the schema lists them.
typealias ReadableFieldMap = OrderedDictionary<String, ReadableField>
