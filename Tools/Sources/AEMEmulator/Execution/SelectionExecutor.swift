import GraphQL
import OrderedCollections

/// Completes a query's answer below its root fields, in one pass on the calling thread. GraphQLSwift runs the root
/// fields (their arguments, the variables, a resolver's failure: see ``RootValues``); this walks each selection set
/// over the values the schema's field readers give (``FieldReaders``), as GraphQLSwift's executor does — fragments,
/// `@skip` and `@include`, aliases, unions, `__typename`, a null in a non-null position making its nearest nullable
/// field null with an error — without a task per field and per list item. The fields of a selection set on one
/// object type are collected once per execution, so a list's items share them. A list item that completes to null
/// stays in the list as null, as the GraphQL specification and AEM's graphql-java have it (GraphQLSwift 4.3 leaves it
/// out; the schema's readers give no such item today).
final class SelectionExecutor {
    private let schema: GraphQLSchema
    private let readers: FieldReaders
    private let fragments: [String: FragmentDefinition]
    private let variables: [String: Map]
    private var plans: [PlanKey: [PlannedField]] = [:]
    /// Where the field being completed is, for errors.
    private var path: [IndexPathValue] = []
    /// The errors found while completing, in the order of the answer.
    private(set) var errors: [GraphQLError] = []

    private struct PlanKey: Hashable {
        let typeName: String
        let selectionSets: [ObjectIdentifier]
    }

    private struct PlannedField {
        let key: String
        let fields: [Field]
        var name: String { fields[0].name.value }
    }

    /// A null met where the schema allows none; its error is recorded where it is met.
    private struct NullInNonNull: Error {}

    /// An executor for `operation` of `document` over `schema`, with the variables as coerced for the operation.
    init(schema: ConfigurationSchema, document: Document, operation: OperationDefinition, variables: [String: Map]) {
        self.schema = schema.schema
        readers = schema.readers
        var fragments: [String: FragmentDefinition] = [:]
        for case let fragment as FragmentDefinition in document.definitions {
            fragments[fragment.name.value] = fragment
        }
        self.fragments = fragments
        var variables = variables
        for definition in operation.variableDefinitions where variables[definition.variable.name.value] == nil {
            if let flag = definition.defaultValue as? BooleanValue {
                variables[definition.variable.name.value] = .bool(flag.value)
            }
        }
        self.variables = variables
    }

    /// Whether every root field of `operation` is one whose value ``RootValues`` takes (or `__typename`): an
    /// introspection field (`__schema`, `__type`) is GraphQLSwift's alone.
    func completesRoot(of operation: OperationDefinition, queryType: GraphQLObjectType) -> Bool {
        guard operation.operation == .query else { return false }
        return plan(of: queryType, selectionSets: [operation.selectionSet]).allSatisfy { planned in
            planned.name == "__typename" || readers.entry(of: queryType.name, field: planned.name) != nil
        }
    }

    /// The `data` of `operation`, the values of its root fields taken from `roots` (null when a non-null root field is
    /// null).
    func data(of operation: OperationDefinition, queryType: GraphQLObjectType, roots: RootValues) -> OrderedJSON {
        (try? completeObject(roots, as: queryType, selectionSets: [operation.selectionSet])) ?? .null
    }

    private func complete(_ value: (any Sendable)?, as type: GraphQLType, fields: [Field], in parent: GraphQLObjectType)
        throws(NullInNonNull) -> OrderedJSON
    {
        if let nonNull = type as? GraphQLNonNull {
            let json = try complete(value, as: nonNull.ofType, fields: fields, in: parent)
            if case .null = json {
                throw fail("Cannot return null for non-nullable field \(parent.name).\(fields[0].name.value).", fields)
            }
            return json
        }
        guard let value = Self.unwrapped(value) else { return .null }
        switch type {
        case let leaf as GraphQLLeafType:
            do {
                return ResultEncoding.json(try leaf.serialize(value: value))
            } catch let error as GraphQLError {
                errors.append(error)
                throw NullInNonNull()
            } catch {
                throw fail(String(describing: error), fields)
            }
        case let list as GraphQLList:
            guard let items = value as? [(any Sendable)?] else {
                throw fail(
                    "Expected array, but did not find one for field \(parent.name).\(fields[0].name.value).", fields)
            }
            var elements: [OrderedJSON] = []
            elements.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                path.append(.index(index))
                defer { path.removeLast() }
                do {
                    elements.append(try complete(item, as: list.ofType, fields: fields, in: parent))
                } catch {
                    if list.ofType is GraphQLNonNull { throw error }
                    elements.append(.null)
                }
            }
            return .array(elements)
        case let object as GraphQLObjectType:
            return try completeObject(value, as: object, selectionSets: fields.compactMap(\.selectionSet))
        case let abstract as GraphQLAbstractType:
            let name = Resolve.objectTypeName(of: value)
            guard let object = schema.getType(name: name) as? GraphQLObjectType,
                schema.isSubType(abstractType: abstract, maybeSubType: object)
            else {
                throw fail("Runtime Object type \"\(name)\" is not a possible type for \"\(abstract.name)\".", fields)
            }
            return try completeObject(value, as: object, selectionSets: fields.compactMap(\.selectionSet))
        default:
            throw fail("Cannot complete value of unexpected type \"\(type)\".", fields)
        }
    }

    /// The fields `selectionSets` select on `value`, of `type`; the value of a root field (one without a reader) is
    /// the one `value`, a ``RootValues``, kept for it.
    private func completeObject(_ value: any Sendable, as type: GraphQLObjectType, selectionSets: [SelectionSet])
        throws(NullInNonNull) -> OrderedJSON
    {
        let planned = plan(of: type, selectionSets: selectionSets)
        var members: [(String, OrderedJSON)] = []
        members.reserveCapacity(planned.count)
        for field in planned {
            if field.name == "__typename" {
                members.append((field.key, .string(type.name)))
                continue
            }
            path.append(.key(field.key))
            defer { path.removeLast() }
            guard let entry = readers.entry(of: type.name, field: field.name) else {
                _ = fail("Cannot query field \"\(field.name)\" on type \"\(type.name)\".", field.fields)
                members.append((field.key, .null))
                continue
            }
            let fieldValue = entry.read.map { $0(value) } ?? (value as? RootValues)?[field.key]
            if entry.read == nil, fieldValue == nil, entry.type is GraphQLNonNull {
                // A root field without a value: its resolver failed, and GraphQLSwift has its error.
                throw NullInNonNull()
            }
            do {
                members.append((field.key, try complete(fieldValue, as: entry.type, fields: field.fields, in: type)))
            } catch {
                if entry.type is GraphQLNonNull { throw error }
                members.append((field.key, .null))
            }
        }
        return .object(members)
    }

    /// Records an error at the current path and returns what to throw.
    private func fail(_ message: String, _ fields: [Field]) -> NullInNonNull {
        errors.append(GraphQLError(message: message, nodes: fields, path: IndexPath(path)))
        return NullInNonNull()
    }

    /// `value`, or nil when it is nil or an empty optional seen through `Any`.
    private static func unwrapped(_ value: (any Sendable)?) -> (any Sendable)? {
        guard let value, (value as? any OptionalValue)?.isNone != true else { return nil }
        return value
    }

    // MARK: Collecting fields

    /// The fields `selectionSets` select on `type`, by response key in the order they are first selected.
    private func plan(of type: GraphQLObjectType, selectionSets: [SelectionSet]) -> [PlannedField] {
        let key = PlanKey(typeName: type.name, selectionSets: selectionSets.map(ObjectIdentifier.init))
        if let planned = plans[key] { return planned }
        var collected: OrderedDictionary<String, [Field]> = [:]
        var visited: Set<String> = []
        for selectionSet in selectionSets {
            collect(selectionSet, on: type, into: &collected, visited: &visited)
        }
        let planned = collected.map { PlannedField(key: $0.key, fields: $0.value) }
        plans[key] = planned
        return planned
    }

    private func collect(
        _ selectionSet: SelectionSet, on type: GraphQLObjectType, into fields: inout OrderedDictionary<String, [Field]>,
        visited: inout Set<String>
    ) {
        for selection in selectionSet.selections {
            switch selection {
            case let field as Field:
                guard includes(field.directives) else { continue }
                fields[field.alias?.value ?? field.name.value, default: []].append(field)
            case let inline as InlineFragment:
                guard includes(inline.directives), applies(inline.typeCondition, to: type) else { continue }
                collect(inline.selectionSet, on: type, into: &fields, visited: &visited)
            case let spread as FragmentSpread:
                let name = spread.name.value
                guard !visited.contains(name), includes(spread.directives) else { continue }
                visited.insert(name)
                guard let fragment = fragments[name], applies(fragment.typeCondition, to: type) else { continue }
                collect(fragment.selectionSet, on: type, into: &fields, visited: &visited)
            default:
                continue
            }
        }
    }

    /// Whether `@skip` and `@include` keep a selection.
    private func includes(_ directives: [Directive]) -> Bool {
        for directive in directives {
            let name = directive.name.value
            guard name == "skip" || name == "include",
                let condition = directive.arguments.first(where: { $0.name.value == "if" })?.value
            else { continue }
            let flag: Bool
            switch condition {
            case let literal as BooleanValue: flag = literal.value
            case let variable as Variable: flag = variables[variable.name.value]?.bool ?? false
            default: continue
            }
            if flag == (name == "skip") { return false }
        }
        return true
    }

    /// Whether a fragment with `condition` applies to a value of `type`.
    private func applies(_ condition: NamedType?, to type: GraphQLObjectType) -> Bool {
        guard let condition else { return true }
        let name = condition.name.value
        if name == type.name { return true }
        guard let abstract = schema.getType(name: name) as? GraphQLAbstractType else { return false }
        return schema.isSubType(abstractType: abstract, maybeSubType: type)
    }
}

/// An optional seen through `Any`.
private protocol OptionalValue {
    var isNone: Bool { get }
}

extension Optional: OptionalValue {
    fileprivate var isNone: Bool { self == nil }
}
