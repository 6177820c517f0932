/// An RFC 6902 JSON Patch as the Sites API takes it (aem-openapi.md §4.6.4): `add`, `replace`, `remove` and `test`
/// on three pointers only, `/title`, `/description` and `/fields/{i}/values` (`{i}` the field's place in the `fields`
/// array of the fragment's GET body). A patch applies whole or not at all.
struct JSONPatch: Sendable {
    struct Operation: Sendable {
        enum Kind: String, Sendable { case add, replace, remove, test }
        enum Target: Sendable, Equatable {
            case title, description
            case fieldValues(Int)
        }

        var kind: Kind
        var target: Target
        var value: RequestJSON?
    }

    var operations: [Operation]

    /// The patch a request body holds.
    /// - Throws: ``SitesError`` (400) for anything but an array of operations on the three pointers.
    init(_ body: [UInt8]) throws(SitesError) {
        guard let elements = RequestJSON.parse(body)?.array else {
            throw .invalid("The body must be a JSON Patch: an array of operations such as {\"op\": \"replace\", …}.")
        }
        var operations: [Operation] = []
        for (index, element) in elements.enumerated() {
            guard let name = element["op"]?.string, let kind = Operation.Kind(rawValue: name) else {
                throw .invalid(
                    "Operation \(index) of the patch has no op this service takes: add, replace, remove, test.")
            }
            guard let pointer = element["path"]?.string, let target = Self.target(pointer) else {
                throw .invalid(
                    "Operation \(index) of the patch points at \(element["path"]?.string ?? "nothing"): only /title, /description and /fields/{i}/values can be changed."
                )
            }
            let value = element["value"]
            if kind != .remove, value == nil {
                throw .invalid("Operation \(index) of the patch (\(name)) has no value.")
            }
            operations.append(Operation(kind: kind, target: target, value: value))
        }
        self.operations = operations
    }

    private static func target(_ pointer: String) -> Operation.Target? {
        switch pointer {
        case "/title": return .title
        case "/description": return .description
        default:
            let parts = pointer.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 4, parts[0].isEmpty, parts[1] == "fields", parts[3] == "values",
                let index = Int(parts[2]), index >= 0, String(index) == parts[2]
            else { return nil }
            return .fieldValues(index)
        }
    }

    /// `fragment` with the patch applied, its fields checked against `fields`; and the names of the fields changed.
    /// - Throws: ``SitesError`` (400): an index past the end, a failed `test`, a value the model refuses.
    func applied(to fragment: ContentFragment, fields: SitesFields) throws(SitesError) -> (ContentFragment, Set<String>)
    {
        var result = fragment
        var values = fragment.master
        var changed: Set<String> = []
        let list = fields.fieldList
        for (index, operation) in operations.enumerated() {
            switch operation.target {
            case .title, .description:
                let current = operation.target == .title ? result.title : result.description
                let text: String?
                switch operation.kind {
                case .remove: text = nil
                case .test:
                    guard operation.value == current.map(RequestJSON.string) ?? .null else {
                        throw .invalid("Operation \(index) of the patch tests a value the fragment does not have.")
                    }
                    continue
                case .add, .replace:
                    guard case .string(let new)? = operation.value else {
                        throw .invalid(
                            "Operation \(index) of the patch sets the \(operation.target) to \(operation.value?.kindName ?? "nothing"); it takes text."
                        )
                    }
                    text = new
                }
                if operation.target == .title { result.title = text } else { result.description = text }
                changed.insert(operation.target == .title ? "title" : "description")
            case .fieldValues(let position):
                guard position < list.count else {
                    throw .invalid(
                        "Operation \(index) of the patch points at field \(position); the fragment has \(list.count) fields (0 to \(list.count - 1))."
                    )
                }
                let field = list[position]
                switch operation.kind {
                case .test:
                    let current = RequestJSON.array(fields.values(of: field, in: values).map(\.requestJSON))
                    guard operation.value == current else {
                        throw .invalid(
                            "Operation \(index) of the patch tests values the field \(field.name) does not hold.")
                    }
                case .remove:
                    try fields.store([], for: field, in: &values)
                    changed.insert(field.name)
                case .add, .replace:
                    guard case .array(let written)? = operation.value else {
                        throw .invalid(
                            "Operation \(index) of the patch gives the field \(field.name) \(operation.value?.kindName ?? "nothing"); values are an array, even for one value."
                        )
                    }
                    try fields.store(written, for: field, in: &values)
                    changed.insert(field.name)
                }
            }
        }
        try fields.checkRequired(values, among: changed)
        result.master = values
        return (result, changed)
    }
}
