import AEMHeadless

/// The fields a query selects at one level as GraphQL collects them for an answer: inline fragments and named
/// fragments expanded in place (each field keeps the type it is selected on), fields of the same name merged, and
/// arguments with the request's variables put in.
struct SelectedFields: Sendable, Hashable {
    /// One field and what it selects below.
    struct Field: Sendable, Hashable {
        /// The member it answers in (its alias, else its name).
        var key: String
        var name: String
        /// Its arguments with the variables put in; members that come out null are left out.
        var arguments: [String: QueryDocument.Value]
        /// The type of the inline fragment or named fragment it is selected in; nil when selected directly.
        var typeCondition: String?
        var selections: SelectedFields
    }

    var fields: [Field] = []

    /// The fields of `selections` in `document`, for a request with `variables` (nil values: not sent, so the
    /// declared defaults apply). Nil when a directive appears (`@include` and `@skip` decide per request), a spread
    /// names no fragment or names one inside itself, or a field is selected twice with different arguments.
    init?(
        _ selections: [QueryDocument.Selection], in document: QueryDocument, variables: [String: QueryVariable?],
        typeCondition: String? = nil, expanding: Set<String> = []
    ) {
        for selection in selections {
            switch selection {
            case .field(let key, let name, let arguments, let directed, let below):
                guard !directed,
                    let inner = SelectedFields(below, in: document, variables: variables, expanding: expanding)
                else { return nil }
                var resolved: [String: QueryDocument.Value] = [:]
                for (argument, value) in arguments {
                    let value = Self.resolve(value, document: document, variables: variables)
                    if value != .null { resolved[argument] = value }
                }
                let field = Field(
                    key: key, name: name, arguments: resolved, typeCondition: typeCondition, selections: inner)
                guard merge(field) else { return nil }
            case .inlineFragment(let condition, let directed, let below):
                guard !directed,
                    let inner = SelectedFields(
                        below, in: document, variables: variables, typeCondition: condition ?? typeCondition,
                        expanding: expanding)
                else { return nil }
                for field in inner.fields { guard merge(field) else { return nil } }
            case .spread(let name, let directed):
                guard !directed, !expanding.contains(name), let fragment = document.fragments[name],
                    let inner = SelectedFields(
                        fragment.selections, in: document, variables: variables,
                        typeCondition: fragment.typeCondition, expanding: expanding.union([name]))
                else { return nil }
                for field in inner.fields { guard merge(field) else { return nil } }
            }
        }
    }

    /// Adds `field`, or merges what it selects into the field already there under the same key and type; false when
    /// that one has another name or other arguments.
    private mutating func merge(_ field: Field) -> Bool {
        guard let index = fields.firstIndex(where: { $0.key == field.key && $0.typeCondition == field.typeCondition })
        else {
            fields.append(field)
            return true
        }
        guard fields[index].name == field.name, fields[index].arguments == field.arguments else { return false }
        for inner in field.selections.fields { guard fields[index].selections.merge(inner) else { return false } }
        return true
    }

    /// The field answered in member `key`, selected directly.
    func field(_ key: String) -> Field? {
        fields.first { $0.key == key && $0.typeCondition == nil }
    }

    /// Whether an answer to these fields holds everything an answer to `wanted` holds: each wanted field is here under
    /// the same key with the same name and arguments, selected directly or on the same type, selecting as much below.
    func covers(_ wanted: SelectedFields) -> Bool {
        wanted.fields.allSatisfy { needed in
            fields.contains { offered in
                offered.key == needed.key && offered.name == needed.name
                    && (offered.typeCondition == nil || offered.typeCondition == needed.typeCondition)
                    && offered.arguments == needed.arguments && offered.selections.covers(needed.selections)
            }
        }
    }

    /// `json` as an answer to these fields would hold it: the members they select, in the order they are selected,
    /// each projected to what its field selects below; other members left out.
    func project(_ json: UntypedJSON) -> UntypedJSON {
        switch json {
        case .object(let members):
            var kept: [UntypedJSON.Member] = []
            for key in fields.map(\.key) where !kept.contains(where: { $0.key == key }) {
                guard let value = members.first(where: { $0.key == key })?.value else { continue }
                let below = fields.filter { $0.key == key }.map(\.selections)
                guard below.contains(where: { !$0.fields.isEmpty }) else {
                    kept.append(UntypedJSON.Member(key, value))
                    continue
                }
                kept.append(UntypedJSON.Member(key, SelectedFields(fields: below.flatMap(\.fields)).project(value)))
            }
            return .object(kept)
        case .array(let elements):
            return .array(elements.map(project))
        default:
            return json
        }
    }

    private init(fields: [Field]) {
        self.fields = fields
    }

    /// `value` with the request's variables put in: a variable not sent takes its declared default, else null, and
    /// members of input objects that come out null are left out. AEM is taken to treat an input member given null as
    /// one not given (an `_assetTransform` whose `seoName` variable is not sent renders as one without `seoName`).
    /// Within a default (`variables` nil), a variable is null.
    private static func resolve(
        _ value: QueryDocument.Value, document: QueryDocument, variables: [String: QueryVariable?]?
    ) -> QueryDocument.Value {
        switch value {
        case .variable(let name):
            guard let variables else { return .null }
            if case .some(.some(let sent)) = variables[name] { return .scalar(sent.text) }
            if case .some(.some(let declared)) = document.variableDefaults[name] {
                return resolve(declared, document: document, variables: nil)
            }
            return .null
        case .list(let elements):
            return .list(elements.map { resolve($0, document: document, variables: variables) })
        case .object(let members):
            return .object(
                members.mapValues { resolve($0, document: document, variables: variables) }.filter { $0.value != .null }
            )
        case .null, .scalar:
            return value
        }
    }
}
