import Foundation

/// A JSON value a client sent to the author tier, read strictly: `true` is a boolean, never the number 1.
enum RequestJSON: Sendable, Equatable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([RequestJSON])
    case object([String: RequestJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let elements = try? container.decode([RequestJSON].self) {
            self = .array(elements)
        } else {
            self = .object(try container.decode([String: RequestJSON].self))
        }
    }

    /// `bytes` read as JSON; nil when they are not.
    static func parse(_ bytes: [UInt8]) -> RequestJSON? {
        try? JSONDecoder().decode(RequestJSON.self, from: Data(bytes))
    }

    subscript(key: String) -> RequestJSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var array: [RequestJSON]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The value as the emulator writes JSON.
    var ordered: OrderedJSON {
        switch self {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .number(let number): .number(number)
        case .string(let text): .string(text)
        case .array(let elements): .array(elements.map(\.ordered))
        case .object(let members): .object(members.sorted { $0.key < $1.key }.map { ($0.key, $0.value.ordered) })
        }
    }

    /// The JSON type's name, for messages.
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension OrderedJSON {
    /// The same value as ``RequestJSON``, to compare with what a client sent (a patch's `test`).
    var requestJSON: RequestJSON {
        switch self {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .number(let number): .number(number)
        case .string(let text): .string(text)
        case .array(let elements): .array(elements.map(\.requestJSON))
        case .object(let members): .object(Dictionary(members.map { ($0.0, $0.1.requestJSON) }) { first, _ in first })
        }
    }
}
