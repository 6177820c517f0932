import Foundation

/// A strict RFC 8259 parser from UTF-8 bytes to a `JSONTree`, in one pass over the bytes.
///
/// It accepts only what `JSONDecoder` accepts too (no comments, trailing commas, leading zeros,
/// `NaN`, numbers beyond `Double`'s range, unescaped control characters or invalid UTF-8;
/// nesting at most 512 deep) and returns nil for anything else, so a caller can fall back to
/// `JSONDecoder`, which reads the few things refused here (trailing commas, a byte-order mark,
/// UTF-16) or gives its detailed error.
struct JSONTreeParser {
    /// The deepest nesting of arrays and objects accepted, as `JSONDecoder`'s.
    static let maximumDepth = 512

    /// The document in `data`, or nil when it is not valid JSON.
    static func parse(_ data: Data) -> JSONTree? {
        data.withUnsafeBytes { raw in
            var parser = JSONTreeParser(bytes: raw.bindMemory(to: UInt8.self))
            return parser.document()
        }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private struct Invalid: Error {}

    private mutating func document() -> JSONTree? {
        do throws(Invalid) {
            skipWhitespace()
            let value = try value()
            skipWhitespace()
            return index == bytes.count ? value : nil
        } catch {
            return nil
        }
    }

    // MARK: - Values

    private mutating func value() throws(Invalid) -> JSONTree {
        guard index < bytes.count else { throw Invalid() }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return .number(try number())
        }
    }

    private mutating func object() throws(Invalid) -> JSONTree {
        try enter()
        index += 1
        var members: [JSONTree.Member] = []
        skipWhitespace()
        if try peek() == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard try peek() == UInt8(ascii: "\"") else { throw Invalid() }
            let key = try string()
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            members.append(JSONTree.Member(key: key, value: try value()))
            skipWhitespace()
            switch try peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return .object(members)
            default: throw Invalid()
            }
        }
    }

    private mutating func array() throws(Invalid) -> JSONTree {
        try enter()
        index += 1
        var elements: [JSONTree] = []
        skipWhitespace()
        if try peek() == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try value())
            skipWhitespace()
            switch try peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                depth -= 1
                return .array(elements)
            default: throw Invalid()
            }
        }
    }

    private mutating func enter() throws(Invalid) {
        depth += 1
        if depth > Self.maximumDepth { throw Invalid() }
    }

    // MARK: - Strings

    /// A string starting at the opening quote; the common case without escapes is one scan and
    /// one UTF-8 validation.
    private mutating func string() throws(Invalid) -> String {
        index += 1
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = try text(start..<index)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { return try escapedString(from: start) }
            if byte < 0x20 { throw Invalid() }
            index += 1
        }
        throw Invalid()
    }

    /// The rest of a string that holds escapes, from its first character at `start`.
    private mutating func escapedString(from start: Int) throws(Invalid) -> String {
        var utf8: [UInt8] = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let text = utf8.withUnsafeBufferPointer(Self.validatedText) else { throw Invalid() }
                return text
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw Invalid() }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"): utf8.append(contentsOf: try unicodeEscape().utf8)
                default: throw Invalid()
                }
            case 0..<0x20:
                throw Invalid()
            default:
                utf8.append(byte)
                index += 1
            }
        }
        throw Invalid()
    }

    /// The character of a `\uXXXX` escape (after the `u`), joining a surrogate pair; a lone
    /// surrogate is invalid.
    private mutating func unicodeEscape() throws(Invalid) -> String {
        let unit = try hexUnit()
        switch unit {
        case 0xD800..<0xDC00:
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { throw Invalid() }
            index += 2
            let low = try hexUnit()
            guard (0xDC00..<0xE000).contains(low) else { throw Invalid() }
            let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            guard let scalar = Unicode.Scalar(value) else { throw Invalid() }
            return String(Character(scalar))
        case 0xDC00..<0xE000:
            throw Invalid()
        default:
            guard let scalar = Unicode.Scalar(unit) else { throw Invalid() }
            return String(Character(scalar))
        }
    }

    private mutating func hexUnit() throws(Invalid) -> UInt16 {
        guard index + 4 <= bytes.count else { throw Invalid() }
        var unit: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw Invalid()
            }
            unit = unit << 4 | UInt16(digit)
            index += 1
        }
        return unit
    }

    private func text(_ range: Range<Int>) throws(Invalid) -> String {
        guard let text = Self.validatedText(UnsafeBufferPointer(rebasing: bytes[range])) else { throw Invalid() }
        return text
    }

    /// The text of `utf8`, or nil when it is not valid UTF-8 (never repaired).
    private static func validatedText(_ utf8: UnsafeBufferPointer<UInt8>) -> String? {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return String(validating: utf8, as: UTF8.self)
        }
        return String(bytes: utf8, encoding: .utf8)
    }

    // MARK: - Numbers and literals

    /// A number's text, checked against JSON's grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func number() throws(Invalid) -> String {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw Invalid() }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if isDigit(bytes[index]) {
            skipDigits()
        } else {
            throw Invalid()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw Invalid() }
            skipDigits()
        }
        var hasExponent = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            hasExponent = true
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw Invalid() }
            skipDigits()
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        // Only an exponent or hundreds of digits can leave Double's range.
        if hasExponent || index - start > 300, !(Double(text)?.isFinite ?? false) { throw Invalid() }
        return text
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    private mutating func literal(_ word: StaticString) throws(Invalid) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw Invalid() }
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
        for offset in 0..<count where bytes[index + offset] != expected[offset] { throw Invalid() }
        index += count
    }

    // MARK: - Punctuation

    private func peek() throws(Invalid) -> UInt8 {
        guard index < bytes.count else { throw Invalid() }
        return bytes[index]
    }

    private mutating func expect(_ byte: UInt8) throws(Invalid) {
        guard try peek() == byte else { throw Invalid() }
        index += 1
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }
}
