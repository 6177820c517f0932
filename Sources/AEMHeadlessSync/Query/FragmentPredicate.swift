import AEMHeadless

/// A condition on a stored fragment's members, compiled to SQLite (`ContentStore.fragments(matching:)`): compare a
/// member with a value, look for text in it, or test it against a list, combined with and, or and not.
///
/// ```swift
/// let cheapSurfing: FragmentPredicate = .less("price", 500) && .contains("activity", "surf")
/// let parsed = try FragmentPredicate(parsing: "price < 500 AND activity ~ surf")
/// ```
///
/// A member is a dotted name (`author.lastName`) or a system member (`_path`, `_model`, `_locale`, `_lastChanged`);
/// a fragment without the member matches only `notEqual`.
public indirect enum FragmentPredicate: Sendable, Hashable {
    case compare(member: String, Comparison, UntypedJSON)
    /// The member's text holds `text`, case-insensitively (for a list, one of its elements does).
    case contains(member: String, text: String)
    /// The member equals one of `values`.
    case oneOf(member: String, values: [UntypedJSON])
    case and([FragmentPredicate])
    case or([FragmentPredicate])
    case not(FragmentPredicate)

    /// How a member is compared with a value.
    public enum Comparison: String, Sendable, Hashable, CaseIterable {
        case equal = "="
        case notEqual = "!="
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
    }

    public static func equal(_ member: String, _ value: UntypedJSON) -> Self { .compare(member: member, .equal, value) }
    public static func notEqual(_ member: String, _ value: UntypedJSON) -> Self {
        .compare(member: member, .notEqual, value)
    }
    public static func less(_ member: String, _ value: UntypedJSON) -> Self { .compare(member: member, .less, value) }
    public static func lessOrEqual(_ member: String, _ value: UntypedJSON) -> Self {
        .compare(member: member, .lessOrEqual, value)
    }
    public static func greater(_ member: String, _ value: UntypedJSON) -> Self {
        .compare(member: member, .greater, value)
    }
    public static func greaterOrEqual(_ member: String, _ value: UntypedJSON) -> Self {
        .compare(member: member, .greaterOrEqual, value)
    }
    public static func contains(_ member: String, _ text: String) -> Self { .contains(member: member, text: text) }
    public static func oneOf(_ member: String, _ values: [UntypedJSON]) -> Self {
        .oneOf(member: member, values: values)
    }

    public static func && (lhs: Self, rhs: Self) -> Self { .and([lhs, rhs]) }
    public static func || (lhs: Self, rhs: Self) -> Self { .or([lhs, rhs]) }
    public static prefix func ! (predicate: Self) -> Self { .not(predicate) }
}

extension FragmentPredicate {
    /// The SQL of the condition, its `?` bound to `arguments` in order.
    func sql(into arguments: inout [UntypedJSON]) throws(SyncError) -> String {
        switch self {
        case .compare(let member, let comparison, let value):
            let expression = try MemberPath(member).sql
            arguments.append(value)
            switch comparison {
            case .equal: return "\(expression) \(value == .null ? "IS" : "=") ?"
            case .notEqual: return "\(expression) IS NOT ?"
            default: return "\(expression) \(comparison.rawValue) ?"
            }
        case .contains(let member, let text):
            arguments.append(.string(text))
            return "instr(lower(\(try MemberPath(member).sql)), lower(?)) > 0"
        case .oneOf(let member, let values):
            guard !values.isEmpty else { return "0" }
            arguments += values
            let marks = Array(repeating: "?", count: values.count).joined(separator: ", ")
            return "\(try MemberPath(member).sql) IN (\(marks))"
        case .and(let parts), .or(let parts):
            guard !parts.isEmpty else { return "1" }
            var texts: [String] = []
            for part in parts { texts.append("(" + (try part.sql(into: &arguments)) + ")") }
            if case .and = self { return texts.joined(separator: " AND ") }
            return texts.joined(separator: " OR ")
        case .not(let inner):
            return "NOT (" + (try inner.sql(into: &arguments)) + ")"
        }
    }
}
