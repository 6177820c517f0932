/// A stored GraphQL query read from its text: its operation's variables and selections and its named fragments.
/// Enough to tell what two queries select (fields, aliases, arguments, type conditions), not to run them.
///
/// The text comes from the service, so it is read defensively: anything this reader does not take (a second
/// operation, a syntax error, nesting deeper than `maximumDepth`) makes `init(text:)` return nil, and the caller
/// falls back to asking the service.
struct QueryDocument: Sendable {
    /// One selection as written: a field, an inline fragment or a named fragment's spread.
    indirect enum Selection: Sendable, Hashable {
        case field(key: String, name: String, arguments: [String: Value], directed: Bool, selections: [Selection])
        case inlineFragment(typeCondition: String?, directed: Bool, selections: [Selection])
        case spread(name: String, directed: Bool)
    }

    /// An argument's value as written: a variable, or a literal (scalars by their text, as AEM compares them).
    indirect enum Value: Sendable, Hashable {
        case variable(String)
        case null
        case scalar(String)
        case list([Value])
        case object([String: Value])
    }

    /// The operation's declared variables and their defaults (nil: none given).
    var variableDefaults: [String: Value?] = [:]
    /// The operation's top-level selections.
    var selections: [Selection] = []
    /// The named fragments, by name, with their type condition.
    var fragments: [String: (typeCondition: String, selections: [Selection])] = [:]

    /// How deeply selections and values may nest before the text is refused.
    static let maximumDepth = 64

    /// The document in `text`; nil when it is not one executable operation this reader understands.
    init?(text: String) {
        var reader = Reader(Array(text.utf8))
        guard let document = try? reader.document() else { return nil }
        self = document
    }

    fileprivate init() {}
}

/// Reads `QueryDocument`s: a tokenizer over the text's bytes and a recursive descent over GraphQL's executable grammar.
private struct Reader {
    struct Malformed: Error {}

    enum Token: Equatable {
        case punctuator(UInt8)
        case spread
        case name(String)
        case number(String)
        case string(String)
        case end
    }

    let bytes: [UInt8]
    var index = 0
    var token = Token.end
    var depth = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func document() throws -> QueryDocument {
        var document = QueryDocument()
        var operations = 0
        try advance()
        while token != .end {
            if token == .punctuator(UInt8(ascii: "{")) {
                operations += 1
                document.selections = try selectionSet()
            } else if case .name(let keyword) = token, ["query", "mutation", "subscription"].contains(keyword) {
                operations += 1
                try advance()
                if case .name = token { try advance() }
                if token == .punctuator(UInt8(ascii: "(")) { document.variableDefaults = try variableDefinitions() }
                _ = try directives()
                document.selections = try selectionSet()
            } else if token == .name("fragment") {
                try advance()
                let name = try name()
                guard try self.name() == "on" else { throw Malformed() }
                let typeCondition = try self.name()
                _ = try directives()
                document.fragments[name] = (typeCondition, try selectionSet())
            } else {
                throw Malformed()
            }
        }
        guard operations == 1 else { throw Malformed() }
        return document
    }

    private mutating func variableDefinitions() throws -> [String: QueryDocument.Value?] {
        var defaults: [String: QueryDocument.Value?] = [:]
        try expect("(")
        while token != .punctuator(UInt8(ascii: ")")) {
            try expect("$")
            let name = try name()
            try expect(":")
            try type()
            var value: QueryDocument.Value?
            if token == .punctuator(UInt8(ascii: "=")) {
                try advance()
                value = try self.value()
            }
            _ = try directives()
            defaults[name] = value
        }
        try advance()
        return defaults
    }

    private mutating func type() throws {
        if token == .punctuator(UInt8(ascii: "[")) {
            try nested {
                try $0.advance()
                try $0.type()
                try $0.expect("]")
            }
        } else {
            _ = try name()
        }
        if token == .punctuator(UInt8(ascii: "!")) { try advance() }
    }

    private mutating func selectionSet() throws -> [QueryDocument.Selection] {
        try nested { reader in
            try reader.expect("{")
            var selections: [QueryDocument.Selection] = []
            while reader.token != .punctuator(UInt8(ascii: "}")) {
                selections.append(try reader.selection())
            }
            try reader.advance()
            guard !selections.isEmpty else { throw Malformed() }
            return selections
        }
    }

    private mutating func selection() throws -> QueryDocument.Selection {
        if token == .spread {
            try advance()
            if case .name(let name) = token, name != "on" {
                try advance()
                return .spread(name: name, directed: try directives())
            }
            var typeCondition: String?
            if token == .name("on") {
                try advance()
                typeCondition = try name()
            }
            let directed = try directives()
            return .inlineFragment(typeCondition: typeCondition, directed: directed, selections: try selectionSet())
        }
        let key = try name()
        var name = key
        if token == .punctuator(UInt8(ascii: ":")) {
            try advance()
            name = try self.name()
        }
        let arguments = token == .punctuator(UInt8(ascii: "(")) ? try self.arguments() : [:]
        let directed = try directives()
        let selections = token == .punctuator(UInt8(ascii: "{")) ? try selectionSet() : []
        return .field(key: key, name: name, arguments: arguments, directed: directed, selections: selections)
    }

    private mutating func arguments() throws -> [String: QueryDocument.Value] {
        try expect("(")
        var arguments: [String: QueryDocument.Value] = [:]
        while token != .punctuator(UInt8(ascii: ")")) {
            let name = try name()
            try expect(":")
            arguments[name] = try value()
        }
        try advance()
        return arguments
    }

    /// Reads any directives; true when there was one.
    private mutating func directives() throws -> Bool {
        var found = false
        while token == .punctuator(UInt8(ascii: "@")) {
            found = true
            try advance()
            _ = try name()
            if token == .punctuator(UInt8(ascii: "(")) { _ = try arguments() }
        }
        return found
    }

    private mutating func value() throws -> QueryDocument.Value {
        switch token {
        case .punctuator(UInt8(ascii: "$")):
            try advance()
            return .variable(try name())
        case .number(let text), .string(let text):
            try advance()
            return .scalar(text)
        case .name(let name):
            try advance()
            return name == "null" ? .null : .scalar(name)
        case .punctuator(UInt8(ascii: "[")):
            return try nested { reader in
                try reader.advance()
                var elements: [QueryDocument.Value] = []
                while reader.token != .punctuator(UInt8(ascii: "]")) { elements.append(try reader.value()) }
                try reader.advance()
                return .list(elements)
            }
        case .punctuator(UInt8(ascii: "{")):
            return try nested { reader in
                try reader.advance()
                var members: [String: QueryDocument.Value] = [:]
                while reader.token != .punctuator(UInt8(ascii: "}")) {
                    let name = try reader.name()
                    try reader.expect(":")
                    members[name] = try reader.value()
                }
                try reader.advance()
                return .object(members)
            }
        default:
            throw Malformed()
        }
    }

    /// Runs `body` one level deeper, refusing text nested beyond `QueryDocument.maximumDepth`.
    private mutating func nested<T>(_ body: (inout Reader) throws -> T) throws -> T {
        depth += 1
        defer { depth -= 1 }
        guard depth <= QueryDocument.maximumDepth else { throw Malformed() }
        return try body(&self)
    }

    private mutating func name() throws -> String {
        guard case .name(let name) = token else { throw Malformed() }
        try advance()
        return name
    }

    private mutating func expect(_ punctuator: Unicode.Scalar) throws {
        guard token == .punctuator(UInt8(ascii: punctuator)) else { throw Malformed() }
        try advance()
    }

    // MARK: Tokens

    /// Moves `token` to the next token, skipping white space, commas, comments and a byte order mark.
    mutating func advance() throws {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ","),
                0xEF, 0xBB, 0xBF:
                index += 1
            case UInt8(ascii: "#"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") {
                    index += 1
                }
            default:
                token = try next()
                return
            }
        }
        token = .end
    }

    private mutating func next() throws -> Token {
        let byte = bytes[index]
        if Self.isNameStart(byte) {
            let start = index
            while index < bytes.count, Self.isNameStart(bytes[index]) || Self.isDigit(bytes[index]) { index += 1 }
            return .name(String(decoding: bytes[start..<index], as: UTF8.self))
        }
        if Self.isDigit(byte) || byte == UInt8(ascii: "-") {
            let start = index
            index += 1
            while index < bytes.count, Self.isNumberPart(bytes[index]) { index += 1 }
            return .number(String(decoding: bytes[start..<index], as: UTF8.self))
        }
        if byte == UInt8(ascii: "\"") { return .string(try string()) }
        if byte == UInt8(ascii: "."), index + 2 < bytes.count, bytes[index + 1] == byte, bytes[index + 2] == byte {
            index += 3
            return .spread
        }
        guard Array("!$&():=@[]{|}".utf8).contains(byte) else { throw Malformed() }
        index += 1
        return .punctuator(byte)
    }

    /// A string or block string's raw text between its quotes (escapes kept as written: two texts are the same value
    /// when written the same way, which is what comparing two stored queries needs).
    private mutating func string() throws -> String {
        let quote = UInt8(ascii: "\"")
        let block = index + 2 < bytes.count && bytes[index + 1] == quote && bytes[index + 2] == quote
        index += block ? 3 : 1
        let start = index
        while index < bytes.count {
            if block {
                if bytes[index] == quote, index + 2 < bytes.count, bytes[index + 1] == quote, bytes[index + 2] == quote
                {
                    defer { index += 3 }
                    return String(decoding: bytes[start..<index], as: UTF8.self)
                }
                if bytes[index] == UInt8(ascii: "\\") { index += 1 }
            } else {
                if bytes[index] == quote {
                    defer { index += 1 }
                    return String(decoding: bytes[start..<index], as: UTF8.self)
                }
                if bytes[index] == UInt8(ascii: "\n") { throw Malformed() }
                if bytes[index] == UInt8(ascii: "\\") { index += 1 }
            }
            index += 1
        }
        throw Malformed()
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isNumberPart(_ byte: UInt8) -> Bool {
        isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    }
}
