import Foundation

// MARK: - Lenient reading

extension UntypedJSON {
    /// Whether this is an object with the member `key` (of any value, `null` included).
    package func contains(_ key: String) -> Bool { self[key] != nil }

    /// Text, or nil when the member is missing, `null` or not a string.
    func lenientString(_ key: some CodingKey) -> String? {
        self[key.stringValue]?.stringValue
    }

    /// The member as a `Double`, by the rule of `LenientNumber`; else nil.
    func lenientDouble(_ key: some CodingKey) -> Double? {
        switch self[key.stringValue] {
        case .number(let text): LenientNumber.finite(Double(text))
        case .string(let text): LenientNumber.double(inText: text)
        default: nil
        }
    }

    /// The member as an `Int`, by the rule of `LenientNumber`; else nil.
    func lenientInt(_ key: some CodingKey) -> Int? {
        if case .number(let text) = self[key.stringValue], let number = Int(text) { return number }
        return LenientNumber.whole(lenientDouble(key))
    }

    /// The member read as `T`, or nil when it is missing, `null` or of another shape.
    func lenient<T: UntypedJSONDecodable>(_ type: T.Type, _ key: some CodingKey) -> T? {
        guard let value = self[key.stringValue], !value.isNull else { return nil }
        return try? T(json: value)
    }

    /// The elements of an array member that read as `T`, the others skipped; nil when the
    /// member is missing, `null` or not an array.
    func lenientList<T: UntypedJSONDecodable>(_ type: T.Type, _ key: some CodingKey) -> [T]? {
        guard let elements = self[key.stringValue]?.arrayValue else { return nil }
        return elements.compactMap { try? T(json: $0) }
    }
}
