import GraphQL

/// The fields a selection set asks of one object type, by response key in the order they first
/// appear, with inline fragments and named fragment spreads that apply to that type folded in
/// (GraphQL's field collection).
struct SelectionCollector {
    let schema: GraphQLSchema
    let fragments: [String: FragmentDefinition]

    /// The fields selected under one response key.
    struct CollectedField {
        var key: String
        var fields: [Field]
        /// Whether every occurrence sits under `@skip` or `@include`, so the key may be absent.
        var isConditional: Bool
        var name: String { fields[0].name.value }
        var selections: [Selection] { fields.flatMap { $0.selectionSet?.selections ?? [] } }
    }

    /// The fields `selections` select on `typeName`: a concrete object type, or the abstract type
    /// itself (then only fragments on that type apply).
    func collect(_ selections: [Selection], on typeName: String) -> [CollectedField] {
        var result: [CollectedField] = []
        var visited: Set<String> = []
        collect(selections, on: typeName, conditional: false, into: &result, visited: &visited)
        return result
    }

    private func collect(
        _ selections: [Selection], on typeName: String, conditional: Bool,
        into result: inout [CollectedField], visited: inout Set<String>
    ) {
        for selection in selections {
            if let field = selection as? Field {
                let key = field.alias?.value ?? field.name.value
                let isConditional = conditional || Self.isConditional(field.directives)
                if let index = result.firstIndex(where: { $0.key == key }) {
                    result[index].fields.append(field)
                    result[index].isConditional = result[index].isConditional && isConditional
                } else {
                    result.append(CollectedField(key: key, fields: [field], isConditional: isConditional))
                }
            } else if let inline = selection as? InlineFragment {
                guard applies(inline.typeCondition?.name.value, to: typeName) else { continue }
                collect(
                    inline.selectionSet.selections, on: typeName,
                    conditional: conditional || Self.isConditional(inline.directives),
                    into: &result, visited: &visited)
            } else if let spread = selection as? FragmentSpread {
                guard let definition = fragments[spread.name.value], !visited.contains(spread.name.value),
                    applies(definition.typeCondition.name.value, to: typeName)
                else { continue }
                visited.insert(spread.name.value)
                collect(
                    definition.selectionSet.selections, on: typeName,
                    conditional: conditional || Self.isConditional(spread.directives),
                    into: &result, visited: &visited)
                visited.remove(spread.name.value)
            }
        }
    }

    /// The object types named by the fragments of `selections` that can be `abstractType`, in the
    /// order they first appear (fragments on other abstract types are looked into).
    func caseTypes(of selections: [Selection], within abstractType: any GraphQLAbstractType) -> [GraphQLObjectType] {
        let possible = schema.getPossibleTypes(abstractType: abstractType)
        var result: [GraphQLObjectType] = []
        var visited: Set<String> = []
        func walk(_ selections: [Selection]) {
            for selection in selections {
                var condition: String?
                var inner: [Selection] = []
                if let inline = selection as? InlineFragment {
                    condition = inline.typeCondition?.name.value
                    inner = inline.selectionSet.selections
                } else if let spread = selection as? FragmentSpread, let definition = fragments[spread.name.value],
                    visited.insert(spread.name.value).inserted
                {
                    condition = definition.typeCondition.name.value
                    inner = definition.selectionSet.selections
                } else {
                    continue
                }
                if let condition, let object = possible.first(where: { $0.name == condition }) {
                    if !result.contains(where: { $0.name == object.name }) { result.append(object) }
                }
                walk(inner)
            }
        }
        walk(selections)
        return result
    }

    /// Whether a fragment on `condition` (nil: no condition) applies to objects of `typeName`.
    private func applies(_ condition: String?, to typeName: String) -> Bool {
        guard let condition, condition != typeName else { return true }
        guard let abstract = schema.getType(name: condition) as? any GraphQLAbstractType else { return false }
        return schema.getPossibleTypes(abstractType: abstract).contains { $0.name == typeName }
    }

    static func isConditional(_ directives: [Directive]) -> Bool {
        directives.contains { $0.name.value == "skip" || $0.name.value == "include" }
    }
}
