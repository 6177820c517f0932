import Foundation

extension JCRValue {
    /// The value of a docview attribute: an optional type prefix (`{Long}`, `{Double}`, `{Decimal}`, `{Boolean}`,
    /// `{Date}`, `{Name}`, `{Path}`, `{String}`…), then one value or a multi-value `[a,b,c]`, where `\` escapes the
    /// next character (`\,` inside a value, `\[` or `\{` at the start of a single value). `nil` for `{Binary}`,
    /// whose bytes live in a file of their own. A value its type cannot read is kept as text.
    init?(docView text: String) {
        // Read on the bytes: every character the syntax uses is ASCII, and this runs for every property of a package.
        var body = Substring(text)
        var type = "String"
        let utf8 = body.utf8
        if utf8.first == UInt8(ascii: "{"), let close = utf8.firstIndex(of: UInt8(ascii: "}")) {
            let name = body[body.index(after: body.startIndex)..<close]
            if Self.typeNames.contains(name) {
                type = String(name)
                body = body[body.index(after: close)...]
            }
        }
        if type == "Binary" { return nil }
        if body.utf8.first == UInt8(ascii: "["), body.utf8.last == UInt8(ascii: "]") {
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
        var current: [UInt8] = []
        var escaped = false
        for byte in inner.utf8 {
            if escaped {
                current.append(byte)
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: ",") {
                values.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            } else {
                current.append(byte)
            }
        }
        values.append(String(decoding: current, as: UTF8.self))
        return values
    }

    /// A single value with its `\\` escapes removed.
    private static func unescaped(_ body: Substring) -> String {
        guard body.utf8.contains(UInt8(ascii: "\\")) else { return String(body) }
        var result: [UInt8] = []
        result.reserveCapacity(body.utf8.count)
        var escaped = false
        for byte in body.utf8 {
            if escaped || byte != UInt8(ascii: "\\") {
                result.append(byte)
                escaped = false
            } else {
                escaped = true
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
