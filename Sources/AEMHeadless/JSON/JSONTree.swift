import Foundation

/// A parsed JSON document that keeps members in the order they were sent and numbers as their
/// text, so nothing is lost before a model reads it. The library's own models read AEM's answers
/// from it in one pass (see `JSONTreeParser`), which is what makes decoding fast.
enum JSONTree: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number as it was written, such as `4500`, `95.5` or `1e3`.
    case number(String)
    case string(String)
    case array([JSONTree])
    case object([Member])

    /// One member of an object.
    struct Member: Sendable, Hashable {
        var key: String
        var value: JSONTree
    }

    /// The member `key` of an object; when a key appears twice the first one counts, as with
    /// `JSONDecoder`'s keyed containers. Nil for a missing key or a value that is not an object.
    subscript(key: String) -> JSONTree? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// Whether this is an object with the member `key` (of any value, `null` included).
    func contains(_ key: String) -> Bool { self[key] != nil }

    /// The members of an object, else nil.
    var members: [Member]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The elements of an array, else nil.
    var elements: [JSONTree]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The text of a string, else nil.
    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The value as the library's public, unordered `JSONValue`.
    var jsonValue: JSONValue {
        switch self {
        case .null: .null
        case .bool(let value): .bool(value)
        case .number(let text): .number(Double(text) ?? .nan)
        case .string(let text): .string(text)
        case .array(let elements): .array(elements.map(\.jsonValue))
        case .object(let members):
            .object(Dictionary(members.map { ($0.key, $0.value.jsonValue) }, uniquingKeysWith: { first, _ in first }))
        }
    }
}

// MARK: - Lenient reading

extension JSONTree {
    /// Text, or nil when the member is missing, `null` or not a string.
    func lenientString(_ key: some CodingKey) -> String? {
        self[key.stringValue]?.string
    }

    /// Any finite JSON number (`4500`, `95.5`), or a string holding one; else nil.
    func lenientDouble(_ key: some CodingKey) -> Double? {
        let number: Double?
        switch self[key.stringValue] {
        case .number(let text): number = Double(text)
        case .string(let text): number = Double(text.trimmingCharacters(in: .whitespaces))
        default: number = nil
        }
        guard let number, number.isFinite else { return nil }
        return number
    }

    /// A whole number, written as `8`, `8.0` or `"8"`; else nil.
    func lenientInt(_ key: some CodingKey) -> Int? {
        if case .number(let text) = self[key.stringValue], let number = Int(text) { return number }
        guard let number = lenientDouble(key), number.rounded() == number,
              number >= Double(Int.min), number < Double(Int.max)
        else { return nil }
        return Int(number)
    }

    /// The member read as `T`, or nil when it is missing, `null` or of another shape.
    func lenient<T: JSONTreeDecodable>(_ type: T.Type, _ key: some CodingKey) -> T? {
        guard let value = self[key.stringValue], !value.isNull else { return nil }
        return try? T(tree: value)
    }

    /// The elements of an array member that read as `T`, the others skipped; nil when the
    /// member is missing, `null` or not an array.
    func lenientList<T: JSONTreeDecodable>(_ type: T.Type, _ key: some CodingKey) -> [T]? {
        guard let elements = self[key.stringValue]?.elements else { return nil }
        return elements.compactMap { try? T(tree: $0) }
    }
}
