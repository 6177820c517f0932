/// A tolerant tokenizer for the HTML stored in rich-text fields: start tags (with attributes), end tags and text,
/// entities decoded. Comments, doctypes and processing instructions are skipped. Malformed input never fails: a `<`
/// that starts no tag is text, an unterminated tag or comment ends the input. Every step consumes input, so it
/// always terminates.
struct HTMLTokenizer {
    enum Token: Equatable {
        /// A lower-cased tag name and its attributes (lower-cased names, decoded values).
        case start(name: String, attributes: [String: String], selfClosing: Bool)
        case end(name: String)
        case text(String)
    }

    private let bytes: [UInt8]
    private var position = 0

    init(_ html: String) {
        bytes = Array(html.utf8)
    }

    /// All tokens of the input.
    static func tokens(_ html: String) -> [Token] {
        var tokenizer = HTMLTokenizer(html)
        var tokens: [Token] = []
        while let token = tokenizer.next() { tokens.append(token) }
        return tokens
    }

    mutating func next() -> Token? {
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "<") {
                if let token = tag() { return token }
                continue
            }
            return text()
        }
        return nil
    }

    /// Text up to the next `<` that starts a tag (or the end).
    private mutating func text() -> Token {
        let start = position
        position += 1
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "<"), position + 1 < bytes.count, Self.startsMarkup(bytes[position + 1])
            {
                break
            }
            position += 1
        }
        return .text(HTMLEntities.decode(String(decoding: bytes[start..<position], as: UTF8.self)))
    }

    private static func startsMarkup(_ byte: UInt8) -> Bool {
        isLetter(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "!") || byte == UInt8(ascii: "?")
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    /// The tag starting at `<`; `nil` after skipping a comment or declaration, or when the `<` is plain text.
    private mutating func tag() -> Token? {
        let next = position + 1 < bytes.count ? bytes[position + 1] : 0
        if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
            let isComment = bytes[position...].starts(with: Array("<!--".utf8))
            skip(past: isComment ? Array("-->".utf8) : [UInt8(ascii: ">")], from: position + 2)
            return nil
        }
        let isEnd = next == UInt8(ascii: "/")
        var cursor = position + (isEnd ? 2 : 1)
        let nameStart = cursor
        while cursor < bytes.count, !Self.isSpace(bytes[cursor]), bytes[cursor] != UInt8(ascii: ">"),
            bytes[cursor] != UInt8(ascii: "/")
        {
            cursor += 1
        }
        guard cursor > nameStart, Self.isLetter(bytes[nameStart]) else {
            if isEnd { // `</>` or `</ x>`: skipped like a bogus comment
                skip(past: [UInt8(ascii: ">")], from: cursor)
                return nil
            }
            return text()
        }
        let name = String(decoding: bytes[nameStart..<cursor], as: UTF8.self).lowercased()
        var attributes: [String: String] = [:]
        var selfClosing = false
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: ">") {
                cursor += 1
                position = cursor
                return isEnd ? .end(name: name) : .start(name: name, attributes: attributes, selfClosing: selfClosing)
            }
            if Self.isSpace(byte) {
                cursor += 1
                continue
            }
            if byte == UInt8(ascii: "/") {
                selfClosing = true
                cursor += 1
                continue
            }
            selfClosing = false
            let attributeStart = cursor
            while cursor < bytes.count, !Self.isSpace(bytes[cursor]), bytes[cursor] != UInt8(ascii: "="),
                bytes[cursor] != UInt8(ascii: ">"), bytes[cursor] != UInt8(ascii: "/")
            {
                cursor += 1
            }
            if cursor == attributeStart { cursor += 1 } // a stray `=`: consume it
            let attributeName = String(decoding: bytes[attributeStart..<cursor], as: UTF8.self).lowercased()
            while cursor < bytes.count, Self.isSpace(bytes[cursor]) { cursor += 1 }
            var value = ""
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") {
                cursor += 1
                while cursor < bytes.count, Self.isSpace(bytes[cursor]) { cursor += 1 }
                if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") {
                    let quote = bytes[cursor]
                    let valueStart = cursor + 1
                    cursor = valueStart
                    while cursor < bytes.count, bytes[cursor] != quote { cursor += 1 }
                    value = String(decoding: bytes[valueStart..<min(cursor, bytes.count)], as: UTF8.self)
                    cursor = min(cursor + 1, bytes.count)
                } else {
                    let valueStart = cursor
                    while cursor < bytes.count, !Self.isSpace(bytes[cursor]), bytes[cursor] != UInt8(ascii: ">") {
                        cursor += 1
                    }
                    value = String(decoding: bytes[valueStart..<cursor], as: UTF8.self)
                }
            }
            if !attributeName.isEmpty, attributes[attributeName] == nil {
                attributes[attributeName] = HTMLEntities.decode(value)
            }
        }
        position = bytes.count // an unterminated tag ends the input
        return nil
    }

    /// Moves past the first `terminator` at or after `start`, or to the end.
    private mutating func skip(past terminator: [UInt8], from start: Int) {
        var cursor = start
        while cursor < bytes.count {
            if bytes[cursor...].starts(with: terminator) {
                position = cursor + terminator.count
                return
            }
            cursor += 1
        }
        position = bytes.count
    }
}
