import Foundation
import GraphQL
import OrderedCollections

/// The `filter` argument of a list or paginated query, compiled once per request and then tested against each
/// fragment. Per field: `{ _logOp: AND|OR, _expressions: [{ value, values, _operator, _ignoreCase, _apply }] }`; a
/// rich-text field takes `{ html, markdown, plaintext }`, each such a filter of that rendition; a fragment-reference
/// field takes the referenced model's filter, or `{ _match, _apply }` when it is multi-valued (as a multi-valued rich
/// text does); the fields of one filter combine with its `_logOp` (AND by default). A missing value matches only the
/// negative operators (`EQUALS_NOT`, `CONTAINS_NOT`, `NOT_AT`).
struct FragmentFilter: Sendable {
    private indirect enum Node: Sendable {
        case combination(isOr: Bool, [Node])
        case field(name: String, kind: ModelField.Kind?, rendition: Rendition?, isOr: Bool, [Expression])
        case reference(name: String, apply: String?, Node)
        /// `{ _match, _apply }` over a multi-valued rich text: `node` tests one value at a time.
        case eachValue(name: String, apply: String, Node)
    }

    /// Which rendition of a rich text a filter reads.
    private enum Rendition: String, Sendable {
        case html, markdown, plaintext
    }

    private struct Expression: Sendable {
        let operation: String
        let value: Operand?
        let values: [Operand]?
        let ignoreCase: Bool
        let apply: String
    }

    /// An expression's value, converted once for comparison.
    private enum Operand: Sendable {
        case text(String)
        case number(Double)
        case bool(Bool)
        case date(Date)
    }

    private let root: Node
    private let index: ContentIndex

    /// The filter `argument` for fragments of `model`, or `nil` when it is absent or empty.
    init?(_ argument: Map, model: ModelIndex, index: ContentIndex) {
        guard case .dictionary = argument else { return nil }
        self.index = index
        root = Self.compile(argument, model: model, index: index, depth: 0)
    }

    /// Whether `fragment`, read in `variation`, passes the filter.
    func matches(_ fragment: ContentFragment, variation: String?) -> Bool {
        evaluate(root, fragment: fragment, variation: variation, depth: 0)
    }

    private static func compile(_ filter: Map, model: ModelIndex?, index: ContentIndex, depth: Int) -> Node {
        guard case .dictionary(let members) = filter, depth < 8 else { return .combination(isOr: false, []) }
        var nodes: [Node] = []
        for (name, value) in members where name != "_logOp" {
            guard case .dictionary = value else { continue } // a field left out of the filter
            guard case .dictionary(let fieldFilter) = value else { continue }
            let field = model?.fields[name]
            var match = value
            var apply: String?
            if case .dictionary? = fieldFilter["_match"], let inner = fieldFilter["_match"] {
                match = inner
                apply = fieldFilter["_apply"]?.string ?? "AT_LEAST_ONCE"
            }
            switch field?.kind {
            case .fragmentReference(let allowed)?:
                let referenced = allowed.count == 1 ? index.models[allowed[0]] : nil
                let filter = compile(match, model: referenced, index: index, depth: depth + 1)
                nodes.append(.reference(name: name, apply: apply, filter))
            case .richText?:
                let renditions = renditionFilters(match, name: name)
                nodes.append(apply.map { .eachValue(name: name, apply: $0, renditions) } ?? renditions)
            default:
                nodes.append(fieldNode(fieldFilter, name: name, kind: field?.kind, rendition: nil))
            }
        }
        return .combination(isOr: members["_logOp"] == .string("OR"), nodes)
    }

    /// `{ _logOp, _expressions }` of the field `name` (of `rendition` when it is rich text).
    private static func fieldNode(
        _ fieldFilter: OrderedDictionary<String, Map>, name: String, kind: ModelField.Kind?, rendition: Rendition?
    ) -> Node {
        var expressions: [Expression] = []
        if case .array(let list)? = fieldFilter["_expressions"] {
            for case .dictionary(let expression) in list {
                expressions.append(compileExpression(expression, kind: kind))
            }
        }
        let isOr = fieldFilter["_logOp"] == .string("OR")
        return .field(name: name, kind: kind, rendition: rendition, isOr: isOr, expressions)
    }

    /// `MultiFormatStringFilter`: a filter of each rendition it names, combined with its `_logOp`.
    private static func renditionFilters(_ filter: Map, name: String) -> Node {
        guard case .dictionary(let members) = filter else { return .combination(isOr: false, []) }
        var nodes: [Node] = []
        for rendition in [Rendition.html, .markdown, .plaintext] {
            guard case .dictionary(let fieldFilter)? = members[rendition.rawValue] else { continue }
            nodes.append(fieldNode(fieldFilter, name: name, kind: .text, rendition: rendition))
        }
        return .combination(isOr: members["_logOp"] == .string("OR"), nodes)
    }

    private static func compileExpression(_ expression: OrderedDictionary<String, Map>, kind: ModelField.Kind?)
        -> Expression
    {
        var operation = "EQUALS"
        if case .string(let name)? = expression["_operator"] { operation = name }
        var apply = "AT_LEAST_ONCE"
        if case .string(let name)? = expression["_apply"] { apply = name }
        var values: [Operand]?
        if case .array(let list)? = expression["values"] { values = list.compactMap { operand($0, kind: kind) } }
        return Expression(
            operation: operation, value: expression["value"].flatMap { operand($0, kind: kind) }, values: values,
            ignoreCase: expression["_ignoreCase"] == .bool(true), apply: apply)
    }

    private static func operand(_ value: Map, kind: ModelField.Kind?) -> Operand? {
        switch value {
        case .string(let text):
            if kind == .date, let date = CalendarText.date(text) { return .date(date) }
            return .text(text)
        case .number(let number): return .number(number.doubleValue)
        case .bool(let flag): return .bool(flag)
        default: return nil
        }
    }

    private func evaluate(
        _ node: Node, fragment: ContentFragment, variation: String?, depth: Int, only: JCRValue? = nil
    ) -> Bool {
        switch node {
        case .combination(let isOr, let nodes):
            if nodes.isEmpty { return true }
            return isOr
                ? nodes.contains { evaluate($0, fragment: fragment, variation: variation, depth: depth, only: only) }
                : nodes.allSatisfy { evaluate($0, fragment: fragment, variation: variation, depth: depth, only: only) }
        case .reference(let name, let apply, let filter):
            guard depth < 8 else { return false }
            let paths = fragment.value(of: name, variation: variation)?.elements.compactMap(\.text) ?? []
            return Self.applies(apply ?? "AT_LEAST_ONCE", to: paths) { path in
                guard let target = index.repository.fragments[path] else { return false }
                return evaluate(filter, fragment: target, variation: variation, depth: depth + 1)
            }
        case .eachValue(let name, let apply, let filter):
            let values = fragment.value(of: name, variation: variation)?.elements ?? []
            return Self.applies(apply, to: values) { value in
                evaluate(filter, fragment: fragment, variation: variation, depth: depth, only: value)
            }
        case .field(let name, let kind, let rendition, let isOr, let expressions):
            if expressions.isEmpty { return true }
            var values = only.map { [$0] } ?? Self.values(of: name, in: fragment, variation: variation)
            if let rendition { values = values.map { rendered($0, rendition, of: name, in: fragment, variation) } }
            let results = expressions.lazy.map { Self.test($0, values: values) }
            return isOr ? results.contains(true) : !results.contains(false)
        }
    }

    /// Whether `test` holds for the values as `apply` (`ArrayMode`) asks: for one at least, for all (and at least
    /// one, unless `ALL_OR_EMPTY`), or for exactly one (`INSTANCES`, which AEM declares without a count).
    private static func applies<Value>(_ apply: String, to values: [Value], _ test: (Value) -> Bool) -> Bool {
        switch apply {
        case "ALL": !values.isEmpty && values.allSatisfy(test)
        case "ALL_OR_EMPTY": values.allSatisfy(test)
        case "INSTANCES": values.filter(test).count == 1
        default: values.contains(where: test)
        }
    }

    /// The `rendition` of a rich-text value of the field `name`.
    private func rendered(
        _ value: JCRValue, _ rendition: Rendition, of name: String, in fragment: ContentFragment, _ variation: String?
    ) -> JCRValue {
        guard let text = value.text else { return value }
        let contentType = fragment.value(of: name + "@ContentType", variation: variation)?.text ?? "text/html"
        let rich = RichTextValue(text: text, contentType: contentType)
        switch rendition {
        case .html: return .string(rich.html)
        case .plaintext:
            return .string(rich.isHTML ? RichTextRenditions.plaintext(index.richText(html: rich.text).nodes) : text)
        case .markdown:
            return .string(rich.isHTML ? RichTextRenditions.markdown(index.richText(html: rich.text).nodes) : text)
        }
    }

    private static func values(of name: String, in fragment: ContentFragment, variation: String?) -> [JCRValue] {
        switch name {
        case "_path": return [.string(fragment.path)]
        case "_id": return [.string(fragment.uuid)]
        case "_variation": return [.string(variation ?? "master")]
        case "_tags": return fragment.tags.map(JCRValue.string)
        case "_variations": return fragment.variations.map { JCRValue.string($0.name) }
        default: return fragment.value(of: name, variation: variation)?.elements ?? []
        }
    }

    private static let negative: Set<String> = ["EQUALS_NOT", "CONTAINS_NOT", "NOT_AT"]

    private static func test(_ expression: Expression, values: [JCRValue]) -> Bool {
        if let expected = expression.values {
            let equal =
                expected.count == values.count
                && zip(expected, values).allSatisfy { compare($1, "EQUALS", $0, ignoreCase: expression.ignoreCase) }
            return expression.operation == "EQUALS_NOT" ? !equal : equal
        }
        guard let operand = expression.value else { return true }
        guard !values.isEmpty else { return negative.contains(expression.operation) }
        return applies(expression.apply, to: values) {
            compare($0, expression.operation, operand, ignoreCase: expression.ignoreCase)
        }
    }

    private static func compare(_ value: JCRValue, _ operation: String, _ operand: Operand, ignoreCase: Bool) -> Bool {
        let order: Int?
        switch (value, operand) {
        case (.long(let number), .number(let expected)): order = ordering(Double(number), expected)
        case (.double(let number), .number(let expected)): order = ordering(number, expected)
        case (.boolean(let flag), .bool(let expected)): order = flag == expected ? 0 : 1
        case (.date(let date, _), .date(let expected)):
            order = ordering(date.timeIntervalSince1970, expected.timeIntervalSince1970)
        case (_, .text(let expected)):
            guard var text = value.text else { return false }
            var expected = expected
            if ignoreCase {
                text = text.lowercased()
                expected = expected.lowercased()
            }
            switch operation {
            case "CONTAINS": return text.contains(expected)
            case "CONTAINS_NOT": return !text.contains(expected)
            case "STARTS_WITH": return text.hasPrefix(expected)
            case "ENDS_WITH": return text.hasSuffix(expected)
            default: order = text == expected ? 0 : (text < expected ? -1 : 1)
            }
        case (_, .number(let expected)):
            guard let text = value.text, let number = Double(text) else { return negative.contains(operation) }
            order = ordering(number, expected)
        case (_, .bool(let expected)):
            order = value.text == String(expected) ? 0 : 1
        case (_, .date(let expected)):
            guard let text = value.text, let date = CalendarText.date(text) else { return negative.contains(operation) }
            order = ordering(date.timeIntervalSince1970, expected.timeIntervalSince1970)
        }
        guard let order else { return false }
        switch operation {
        case "EQUALS", "AT": return order == 0
        case "EQUALS_NOT", "NOT_AT": return order != 0
        case "GREATER", "AFTER": return order > 0
        case "GREATER_EQUAL", "AT_OR_AFTER": return order >= 0
        case "LOWER", "BEFORE": return order < 0
        case "LOWER_EQUAL", "AT_OR_BEFORE": return order <= 0
        default: return false
        }
    }

    private static func ordering(_ lhs: Double, _ rhs: Double) -> Int {
        lhs == rhs ? 0 : (lhs < rhs ? -1 : 1)
    }
}
