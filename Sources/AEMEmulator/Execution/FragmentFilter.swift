import Foundation
import GraphQL
import OrderedCollections

/// The `filter` argument of a list or paginated query, compiled once per request and then tested against each
/// fragment. Per field: `{ _logOp: AND|OR, _expressions: [{ value, values, _operator, _ignoreCase, _apply,
/// _instances }] }`; a fragment-reference field takes the referenced model's filter; the fields of one filter combine
/// with its `_logOp` (AND by default). A missing value matches only the negative operators (`EQUALS_NOT`,
/// `CONTAINS_NOT`, `NOT_AT`).
struct FragmentFilter: Sendable {
    private indirect enum Node: Sendable {
        case combination(isOr: Bool, [Node])
        case field(name: String, kind: ModelField.Kind?, isMultiple: Bool, isOr: Bool, [Expression])
        case reference(name: String, Node)
    }

    private struct Expression: Sendable {
        let operation: String
        let value: Operand?
        let values: [Operand]?
        let ignoreCase: Bool
        let apply: String
        let instances: Int?
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
            let field = model?.fields[name]
            if case .fragmentReference(let allowed)? = field?.kind {
                let referenced = allowed.count == 1 ? index.models[allowed[0]] : nil
                nodes.append(.reference(name: name, compile(value, model: referenced, index: index, depth: depth + 1)))
                continue
            }
            guard case .dictionary(let fieldFilter) = value else { continue }
            var expressions: [Expression] = []
            if case .array(let list)? = fieldFilter["_expressions"] {
                for case .dictionary(let expression) in list {
                    expressions.append(compileExpression(expression, kind: field?.kind))
                }
            }
            let isOr = fieldFilter["_logOp"] == .string("OR")
            nodes.append(
                .field(name: name, kind: field?.kind, isMultiple: field?.isMultiple ?? false, isOr: isOr, expressions))
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
        var instances: Int?
        if case .number(let number)? = expression["_instances"] { instances = number.intValue }
        var values: [Operand]?
        if case .array(let list)? = expression["values"] { values = list.compactMap { operand($0, kind: kind) } }
        return Expression(
            operation: operation, value: expression["value"].flatMap { operand($0, kind: kind) }, values: values,
            ignoreCase: expression["_ignoreCase"] == .bool(true), apply: apply, instances: instances)
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

    private func evaluate(_ node: Node, fragment: ContentFragment, variation: String?, depth: Int) -> Bool {
        switch node {
        case .combination(let isOr, let nodes):
            if nodes.isEmpty { return true }
            return isOr
                ? nodes.contains { evaluate($0, fragment: fragment, variation: variation, depth: depth) }
                : nodes.allSatisfy { evaluate($0, fragment: fragment, variation: variation, depth: depth) }
        case .reference(let name, let filter):
            guard depth < 8 else { return false }
            let paths = fragment.value(of: name, variation: variation)?.elements.compactMap(\.text) ?? []
            return paths.contains { path in
                guard let target = index.repository.fragments[path] else { return false }
                return evaluate(filter, fragment: target, variation: variation, depth: depth + 1)
            }
        case .field(let name, let kind, let isMultiple, let isOr, let expressions):
            if expressions.isEmpty { return true }
            let values = Self.values(of: name, in: fragment, variation: variation)
            let results = expressions.lazy.map { Self.test($0, values: values, kind: kind, isMultiple: isMultiple) }
            return isOr ? results.contains(true) : !results.contains(false)
        }
    }

    private static func values(of name: String, in fragment: ContentFragment, variation: String?) -> [JCRValue] {
        switch name {
        case "_path": return [.string(fragment.path)]
        case "_id": return [.string(fragment.uuid)]
        case "_variation": return [.string(variation ?? "master")]
        case "_tags": return fragment.tags.map(JCRValue.string)
        default: return fragment.value(of: name, variation: variation)?.elements ?? []
        }
    }

    private static let negative: Set<String> = ["EQUALS_NOT", "CONTAINS_NOT", "NOT_AT"]

    private static func test(_ expression: Expression, values: [JCRValue], kind: ModelField.Kind?, isMultiple: Bool)
        -> Bool
    {
        if let expected = expression.values {
            let equal =
                expected.count == values.count
                && zip(expected, values).allSatisfy { compare($1, "EQUALS", $0, ignoreCase: expression.ignoreCase) }
            return expression.operation == "EQUALS_NOT" ? !equal : equal
        }
        guard let operand = expression.value else { return true }
        guard !values.isEmpty else { return negative.contains(expression.operation) }
        let matches = values.lazy.map { compare($0, expression.operation, operand, ignoreCase: expression.ignoreCase) }
        switch expression.apply {
        case "ALL", "ALL_OR_EMPTY": return !matches.contains(false)
        case "INSTANCES": return matches.filter { $0 }.count == (expression.instances ?? 1)
        default: return matches.contains(true)
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
