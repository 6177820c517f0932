import Foundation

/// A strict JSON parser (RFC 8259) into `UntypedJSON`: member order and number text kept, nesting
/// limited so that hostile input cannot exhaust the stack, invalid UTF-8 replaced rather than trusted.
///
/// With `refusesWhatJSONDecoderRefuses`, it also refuses invalid UTF-8, lone surrogates and
/// numbers beyond `Double`'s range, as `JSONDecoder` does: the library's fast path for its own
/// models (`Aem.decode`) then accepts only what `JSONDecoder` accepts, and falls back to it for
/// anything else.
struct UntypedJSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    private let refusesWhatJSONDecoderRefuses: Bool
    private var position = 0
    private var depth = 0

    /// The deepest nesting of arrays and objects read.
    static let maximumDepth = 512

    init(bytes: UnsafeBufferPointer<UInt8>, refusesWhatJSONDecoderRefuses: Bool = false) {
        self.bytes = bytes
        self.refusesWhatJSONDecoderRefuses = refusesWhatJSONDecoderRefuses
    }

    /// The document in `data` when `JSONDecoder` would read it too, else nil.
    static func parseAsJSONDecoderWould(_ data: Data) -> UntypedJSON? {
        data.withUnsafeBytes { buffer in
            var parser = UntypedJSONParser(
                bytes: buffer.bindMemory(to: UInt8.self), refusesWhatJSONDecoderRefuses: true)
            return try? parser.parseDocument()
        }
    }

    mutating func parseDocument() throws(UntypedJSONError) -> UntypedJSON {
        skipWhiteSpace()
        // A UTF-8 byte order mark before the document is allowed, as JSONSerialization does.
        if bytes.count - position >= 3, bytes[position] == 0xEF, bytes[position + 1] == 0xBB,
            bytes[position + 2] == 0xBF
        {
            position += 3
            skipWhiteSpace()
        }
        let value = try parseValue()
        skipWhiteSpace()
        guard position == bytes.count else { throw failure("Unexpected text after the JSON value") }
        return value
    }

    private mutating func parseValue() throws(UntypedJSONError) -> UntypedJSON {
        guard position < bytes.count else { throw failure("Unexpected end of the JSON text") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expect("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expect("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expect("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw failure("Unexpected character")
        }
    }

    private mutating func parseObject() throws(UntypedJSONError) -> UntypedJSON {
        try enter()
        position += 1
        var members: [UntypedJSON.Member] = []
        skipWhiteSpace()
        if take(UInt8(ascii: "}")) {
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhiteSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw failure("Expected a member name")
            }
            let key = try parseString()
            skipWhiteSpace()
            guard take(UInt8(ascii: ":")) else { throw failure("Expected \":\" after a member name") }
            skipWhiteSpace()
            members.append(UntypedJSON.Member(key, try parseValue()))
            skipWhiteSpace()
            if take(UInt8(ascii: ",")) { continue }
            guard take(UInt8(ascii: "}")) else { throw failure("Expected \",\" or \"}\" in an object") }
            depth -= 1
            return .object(members)
        }
    }

    private mutating func parseArray() throws(UntypedJSONError) -> UntypedJSON {
        try enter()
        position += 1
        var elements: [UntypedJSON] = []
        skipWhiteSpace()
        if take(UInt8(ascii: "]")) {
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhiteSpace()
            elements.append(try parseValue())
            skipWhiteSpace()
            if take(UInt8(ascii: ",")) { continue }
            guard take(UInt8(ascii: "]")) else { throw failure("Expected \",\" or \"]\" in an array") }
            depth -= 1
            return .array(elements)
        }
    }

    private mutating func parseString() throws(UntypedJSONError) -> String {
        position += 1
        let start = position
        // Fast path: no escapes.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text = try text(UnsafeBufferPointer(rebasing: bytes[start..<position]))
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw failure("Control character inside a string") }
            position += 1
        }
        var scalars: [UInt8] = Array(bytes[start..<position])
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return try scalars.withUnsafeBufferPointer { buffer throws(UntypedJSONError) in try text(buffer) }
            case UInt8(ascii: "\\"):
                try appendEscape(to: &scalars)
            case ..<0x20:
                position -= 1
                throw failure("Control character inside a string")
            default:
                scalars.append(byte)
            }
        }
        throw failure("Unterminated string")
    }

    private mutating func appendEscape(to output: inout [UInt8]) throws(UntypedJSONError) {
        guard position < bytes.count else { throw failure("Unterminated string") }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(byte)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var code = UInt32(try hexQuad())
            if (0xD800...0xDBFF).contains(code) {
                // A high surrogate: a low one must follow to make one scalar.
                if bytes.count - position >= 6, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u")
                {
                    let saved = position
                    position += 2
                    let low = UInt32(try hexQuad())
                    if (0xDC00...0xDFFF).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        position = saved
                        code = try loneSurrogate()
                    }
                } else {
                    code = try loneSurrogate()
                }
            } else if (0xDC00...0xDFFF).contains(code) {
                code = try loneSurrogate()
            }
            let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
            output.append(contentsOf: Array(String(Character(scalar)).utf8))
        default:
            position -= 1
            throw failure("Unknown escape in a string")
        }
    }

    /// U+FFFD in place of a surrogate without its pair, or a failure when refusing what
    /// `JSONDecoder` refuses.
    private func loneSurrogate() throws(UntypedJSONError) -> UInt32 {
        if refusesWhatJSONDecoderRefuses { throw failure("A \\u escape of half a surrogate pair") }
        return 0xFFFD
    }

    /// The text of `utf8`; invalid UTF-8 is replaced by U+FFFD, or a failure when refusing what
    /// `JSONDecoder` refuses.
    private func text(_ utf8: UnsafeBufferPointer<UInt8>) throws(UntypedJSONError) -> String {
        guard refusesWhatJSONDecoderRefuses else { return String(decoding: utf8, as: UTF8.self) }
        let text: String?
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            text = String(validating: utf8, as: UTF8.self)
        } else {
            text = String(bytes: utf8, encoding: .utf8)
        }
        guard let text else { throw failure("Invalid UTF-8 in a string") }
        return text
    }

    private mutating func hexQuad() throws(UntypedJSONError) -> UInt16 {
        guard bytes.count - position >= 4 else { throw failure("Incomplete \\u escape") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("Invalid \\u escape")
            }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, kept as text.
    private mutating func parseNumber() throws(UntypedJSONError) -> String {
        let start = position
        _ = take(UInt8(ascii: "-"))
        if take(UInt8(ascii: "0")) {
            // No further leading digit.
        } else {
            guard digits() > 0 else { throw failure("Invalid number") }
        }
        if take(UInt8(ascii: ".")) {
            guard digits() > 0 else { throw failure("Invalid number: no digit after the point") }
        }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
            guard digits() > 0 else { throw failure("Invalid number: no digit in the exponent") }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        // Only an exponent or hundreds of digits can leave Double's range.
        if refusesWhatJSONDecoderRefuses, text.contains(where: { $0 == "e" || $0 == "E" }) || text.utf8.count > 300,
            !(Double(text)?.isFinite ?? false)
        {
            throw failure("A number beyond the range of Double")
        }
        return text
    }

    private mutating func digits() -> Int {
        let start = position
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
            position += 1
        }
        return position - start
    }

    private mutating func expect(_ word: StaticString) throws(UntypedJSONError) {
        let count = word.utf8CodeUnitCount
        guard bytes.count - position >= count else { throw failure("Unexpected end of the JSON text") }
        for index in 0..<count where bytes[position + index] != word.utf8Start[index] {
            throw failure("Unexpected character")
        }
        position += count
    }

    private mutating func enter() throws(UntypedJSONError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw failure("Nested more than \(Self.maximumDepth) levels deep") }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    private mutating func skipWhiteSpace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private func failure(_ reason: String) -> UntypedJSONError {
        UntypedJSONError(offset: position, reason: reason)
    }
}
