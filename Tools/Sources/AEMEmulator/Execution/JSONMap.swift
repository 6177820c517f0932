import GraphQL
import OrderedCollections

/// A strict JSON reader producing GraphQL ``Map`` values, object members in document order. Used for `json` fields
/// and for variables given as JSON text. Nesting is bounded, so hostile input cannot exhaust the stack.
struct JSONMap {
    private let bytes: [UInt8]
    private var position = 0
    private static let maximumDepth = 128

    /// The value of `text`, or `nil` when it is not one complete JSON value.
    static func parse(_ text: String) -> Map? {
        var reader = JSONMap(bytes: Array(text.utf8))
        guard let value = reader.value(depth: 0) else { return nil }
        reader.skipSpace()
        return reader.position == reader.bytes.count ? value : nil
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func skipSpace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    private mutating func consume(_ literal: String) -> Bool {
        let literalBytes = Array(literal.utf8)
        guard bytes[position...].starts(with: literalBytes) else { return false }
        position += literalBytes.count
        return true
    }

    private mutating func value(depth: Int) -> Map? {
        skipSpace()
        guard position < bytes.count, depth < Self.maximumDepth else { return nil }
        switch bytes[position] {
        case UInt8(ascii: "{"):
            position += 1
            var members: OrderedDictionary<String, Map> = [:]
            skipSpace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .dictionary(members)
            }
            while true {
                skipSpace()
                guard let key = string() else { return nil }
                skipSpace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return nil }
                position += 1
                guard let member = value(depth: depth + 1) else { return nil }
                members[key] = member
                skipSpace()
                guard position < bytes.count else { return nil }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                } else if bytes[position] == UInt8(ascii: "}") {
                    position += 1
                    return .dictionary(members)
                } else {
                    return nil
                }
            }
        case UInt8(ascii: "["):
            position += 1
            var elements: [Map] = []
            skipSpace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array(elements)
            }
            while true {
                guard let element = value(depth: depth + 1) else { return nil }
                elements.append(element)
                skipSpace()
                guard position < bytes.count else { return nil }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                } else if bytes[position] == UInt8(ascii: "]") {
                    position += 1
                    return .array(elements)
                } else {
                    return nil
                }
            }
        case UInt8(ascii: "\""):
            return string().map(Map.string)
        case UInt8(ascii: "t"):
            return consume("true") ? .bool(true) : nil
        case UInt8(ascii: "f"):
            return consume("false") ? .bool(false) : nil
        case UInt8(ascii: "n"):
            return consume("null") ? .null : nil
        default:
            return number()
        }
    }

    private mutating func number() -> Map? {
        let start = position
        while position < bytes.count, "+-0123456789.eE".utf8.contains(bytes[position]) { position += 1 }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard !text.isEmpty, text.first != "+" else { return nil }
        if let integer = Int(text) { return .int(integer) }
        guard let double = Double(text), double.isFinite else { return nil }
        return .double(double)
    }

    private mutating func string() -> String? {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
        position += 1
        var scalars = String.UnicodeScalarView()
        var run = position
        func flush(_ end: Int) {
            scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars)
        }
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                flush(position)
                position += 1
                return String(scalars)
            }
            if byte < 0x20 { return nil }
            guard byte == UInt8(ascii: "\\") else {
                position += 1
                continue
            }
            flush(position)
            position += 1
            guard position < bytes.count else { return nil }
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                guard var code = hex4() else { return nil }
                if (0xD800..<0xDC00).contains(code), bytes[position...].starts(with: Array("\\u".utf8)) {
                    position += 2
                    guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default: return nil
            }
            run = position
        }
        return nil
    }

    private mutating func hex4() -> UInt32? {
        guard position + 4 <= bytes.count,
            let code = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)
        else { return nil }
        position += 4
        return code
    }
}
