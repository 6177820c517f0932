import Foundation
import GraphQL

/// `_metadata` as AEM declares it: `TypedMetaData`, ten non-null lists of `{ name: String!, value: …! }` entries, one
/// per value type and its array (`stringMetadata`, `stringArrayMetadata`, … `calendarArrayMetadata`). What each
/// carries is ``SchemaRules``'s choice: title and description as strings, `cq:lastModified` and `jcr:created` as
/// calendars, the tags as `cq:tags`; an unset value is left out.
enum MetadataType {
    static func make(calendar: GraphQLScalarType, readers: FieldReaders) throws -> GraphQLObjectType {
        @Sendable func entries(_ fragment: ContentFragment, _ kind: String) -> [MetadataEntry] {
            switch kind {
            case "string":
                let values = [fragment.title, fragment.description]
                return zip(SchemaRules.metadataStringNames, values).compactMap { name, value in
                    value.map { MetadataEntry(name: name, value: $0) }
                }
            case "stringArray":
                return [MetadataEntry(name: SchemaRules.metadataTagsName, value: Resolve.list(fragment.tags))]
            case "calendar":
                let values = [fragment.lastModified, fragment.created]
                return zip(SchemaRules.metadataCalendarNames, values).compactMap { name, value in
                    value.map { MetadataEntry(name: name, value: CalendarText.string($0)) }
                }
            default:
                return []
            }
        }
        let scalars: [(String, GraphQLOutputType)] = [
            ("string", GraphQLString), ("int", GraphQLInt), ("float", GraphQLFloat), ("boolean", GraphQLBoolean),
            ("calendar", calendar),
        ]
        var lists: ReadableFieldMap = [:]
        for (kind, scalar) in scalars {
            for (suffix, valueType) in [("", scalar), ("Array", GraphQLList(scalar) as GraphQLOutputType)] {
                let typeName = kind.prefix(1).uppercased() + kind.dropFirst() + suffix + "Metadata"
                let entry = try readers.objectType(
                    name: typeName,
                    fields: [
                        "name": Resolve.field(GraphQLNonNull(GraphQLString)) { (entry: MetadataEntry) in entry.name },
                        "value": Resolve.field(GraphQLNonNull(valueType)) { (entry: MetadataEntry) in entry.value },
                    ])
                let key = kind + suffix
                lists[key + "Metadata"] = Resolve.field(GraphQLNonNull(GraphQLList(entry))) {
                    (fragment: ContentFragment) in
                    Resolve.list(entries(fragment, key))
                }
            }
        }
        // AEM's order: each value type, then its array.
        return try readers.objectType(name: "TypedMetaData", fields: lists)
    }
}

/// One entry of `_metadata`.
struct MetadataEntry: Sendable {
    let name: String
    let value: any Sendable
}
