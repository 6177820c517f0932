import Foundation

extension JCRValue {
    /// The value of a docview attribute: an optional type prefix (`{Long}`, `{Double}`, `{Decimal}`, `{Boolean}`,
    /// `{Date}`, `{Name}`, `{Path}`, `{String}`…), then one value or a multi-value `[a,b,c]`, where `\` escapes the
    /// next character (`\,` inside a value, `\[` or `\{` at the start of a single value). `nil` for `{Binary}`,
    /// whose bytes live in a file of their own. A value its type cannot read is kept as text.
    init?(docView text: String) {
        var body = Substring(text)
        var type = "String"
        if body.hasPrefix("{"), let close = body.firstIndex(of: "}") {
            let name = body[body.index(after: body.startIndex)..<close]
            if Self.typeNames.contains(name) {
                type = String(name)
                body = body[body.index(after: close)...]
            }
        }
        if type == "Binary" { return nil }
        if body.hasPrefix("["), body.hasSuffix("]") {
            let inner = body.dropFirst().dropLast()
            self = .array(Self.splitMultiValue(inner).map { Self.typed($0, type: type) })
        } else {
            self = Self.typed(Self.unescaped(body), type: type)
        }
    }

    /// JCR property types that may appear in braces.
    private static let typeNames: Set<Substring> = [
        "String", "Binary", "Long", "Double", "Decimal", "Boolean", "Date", "Name", "Path", "Reference",
        "WeakReference", "URI", "Undefined",
    ]

    private static func typed(_ text: String, type: String) -> JCRValue {
        switch type {
        case "Long":
            if let value = Int(text) { return .long(value) }
        case "Double", "Decimal":
            if let value = Double(text) { return .double(value) }
        case "Boolean":
            if let value = Bool(text.lowercased()) { return .boolean(value) }
        case "Date":
            if let date = DocViewDate.parse(text) { return .date(date, text: text) }
        default:
            break
        }
        return .string(text)
    }

    /// The values of a multi-value body (without its brackets), split at unescaped commas and un-escaped.
    private static func splitMultiValue(_ inner: Substring) -> [String] {
        guard !inner.isEmpty else { return [] }
        var values: [String] = []
        var current = ""
        var escaped = false
        for character in inner {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "," {
                values.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        values.append(current)
        return values
    }

    /// A single value with its `\` escapes removed.
    private static func unescaped(_ body: Substring) -> String {
        var text = String(body)
        let hasEscapes = text.withUTF8 { bytes in bytes.contains(UInt8(ascii: "\\")) }
        guard hasEscapes else { return text }
        var result = ""
        var escaped = false
        for character in text {
            if escaped || character != "\\" {
                result.append(character)
                escaped = false
            } else {
                escaped = true
            }
        }
        return result
    }
}
