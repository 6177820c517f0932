import GraphQL

/// The names of the fields a query selects on the items of a result, found through inline fragments and fragment
/// spreads: `items { _path description { html } ... on AdventureModel { itinerary { html } } }` selects `_path`,
/// `description` and `itinerary`.
enum SelectedFields {
    /// The fields selected under the path of field names `path` (`["items"]`, `["edges", "node"]`) below `fields`.
    static func names(under path: [String], in fields: [Field], fragments: [String: FragmentDefinition]) -> Set<String>
    {
        var sets = fields.compactMap(\.selectionSet)
        for name in path {
            sets = sets.flatMap { set in
                fieldNodes(in: set, fragments: fragments, depth: 0).filter { $0.name.value == name }.compactMap(
                    \.selectionSet)
            }
        }
        return Set(sets.flatMap { fieldNodes(in: $0, fragments: fragments, depth: 0).map(\.name.value) })
    }

    private static func fieldNodes(in set: SelectionSet, fragments: [String: FragmentDefinition], depth: Int) -> [Field]
    {
        guard depth < 16 else { return [] }
        return set.selections.flatMap { selection -> [Field] in
            switch selection {
            case let field as Field: [field]
            case let inline as InlineFragment:
                fieldNodes(in: inline.selectionSet, fragments: fragments, depth: depth + 1)
            case let spread as FragmentSpread:
                fragments[spread.name.value].map {
                    fieldNodes(in: $0.selectionSet, fragments: fragments, depth: depth + 1)
                } ?? []
            default: []
            }
        }
    }
}
