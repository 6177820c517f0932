import AEMHeadless

/// The lenient reading of the Sites API's members: a member missing, `null` or of another type reads as nil (or
/// empty), so that an answer AEM shapes a little differently still reads.
extension UntypedJSON {
    /// The text of the member `key`; nil when it is missing or not text.
    func text(_ key: String) -> String? {
        self[key]?.stringValue
    }

    /// The member `key` as true or false, written as such or as the text `true` or `false`; else nil.
    func flag(_ key: String) -> Bool? {
        switch self[key] {
        case .bool(let value)?: value
        case .string(let text)?: Bool(text.lowercased())
        default: nil
        }
    }

    /// The member `key` as a whole number, written as a number (`8`, `8.0`) or as text; else nil.
    func whole(_ key: String) -> Int? {
        guard let number = decimal(key), number.rounded() == number, abs(number) < 1e15 else { return nil }
        return Int(number)
    }

    /// The member `key` as a number, written as a number or as text; else nil.
    func decimal(_ key: String) -> Double? {
        switch self[key] {
        case .number(let text)?: Double(text).flatMap { $0.isFinite ? $0 : nil }
        case .string(let text)?: Double(text.trimmingCharacters(in: .whitespaces)).flatMap { $0.isFinite ? $0 : nil }
        default: nil
        }
    }

    /// The elements of the array member `key`: none when it is missing or `null`, and a lone value as the one
    /// element (a field's `values` sent as one value after a model change).
    func elements(_ key: String) -> [UntypedJSON] {
        switch self[key] {
        case nil, .null?: []
        case .array(let elements)?: elements
        case let value?: [value]
        }
    }

    /// The member `etag` of a list item as an entity tag; nil when there is none.
    var etagMember: EntityTag? {
        text("etag").flatMap(EntityTag.init)
    }

    /// A JSON object of the members given, those with a nil value left out.
    static func members(_ members: [(String, UntypedJSON?)]) -> UntypedJSON {
        .object(members.compactMap { key, value in value.map { Member(key, $0) } })
    }
}
