import Foundation

/// Any JSON value exactly as it was sent: object members in the order they came and numbers as
/// their literal text (`10` stays `10`, `0.1000000000000000055` loses no digit). The `data` of
/// any persisted query can be read into it, with no type to declare:
///
/// ```swift
/// let result = try await aem.execute(PersistedQuery<UntypedJSON>("my-site/articles-all"))
/// for item in result.data?["articleList"]?["items"]?.arrayValue ?? [] {
///     print(item["title"]?.stringValue ?? "", item.jsonText())
/// }
/// ```
///
/// It compares and hashes by value, member order included.
public enum UntypedJSON: Sendable, Hashable {
    /// JSON `null`.
    case null
    /// A JSON `true` or `false`.
    case bool(Bool)
    /// A number as the literal text it was sent as, such as `4500`, `95.5` or `1e-7`.
    case number(String)
    /// A JSON string.
    case string(String)
    /// A JSON array, in order.
    case array([UntypedJSON])
    /// Members in the order they were sent; a key sent twice is kept twice.
    case object([Member])

    /// One member of an object.
    public struct Member: Sendable, Hashable {
        /// The member's name.
        public var key: String
        /// The member's value.
        public var value: UntypedJSON

        /// A member named `key` holding `value`.
        public init(_ key: String, _ value: UntypedJSON) {
            self.key = key
            self.value = value
        }
    }

    /// Parses one JSON document (white space around it allowed).
    /// - Throws: `UntypedJSONError` naming the byte offset of the first problem.
    public init(parsing data: Data) throws(UntypedJSONError) {
        let parsed = data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Result<UntypedJSON, UntypedJSONError> in
            var parser = UntypedJSONParser(bytes: buffer.bindMemory(to: UInt8.self))
            return Result { () throws(UntypedJSONError) -> UntypedJSON in try parser.parseDocument() }
        }
        self = try parsed.get()
    }

    /// Parses one JSON document from text.
    public init(parsing text: String) throws(UntypedJSONError) {
        try self.init(parsing: Data(text.utf8))
    }

    /// The member `key` of an object (the first, if sent twice), else nil.
    public subscript(key: String) -> UntypedJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The element at `index` of an array, else nil.
    public subscript(index: Int) -> UntypedJSON? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The text of a string, else nil.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The value of a boolean, else nil.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// A number that is a whole number within `Int`'s range, else nil.
    public var intValue: Int? {
        if case .number(let text) = self { return Int(text) }
        return nil
    }

    /// A number as a `Double` (which may round it), else nil.
    public var doubleValue: Double? {
        if case .number(let text) = self { return Double(text) }
        return nil
    }

    /// The elements of an array, else nil.
    public var arrayValue: [UntypedJSON]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The members of an object, in the order they were sent, else nil.
    public var members: [Member]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// Whether this is JSON `null`.
    public var isNull: Bool { self == .null }
}

/// JSON that `UntypedJSON(parsing:)` could not read.
public struct UntypedJSONError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The byte offset of the problem.
    public var offset: Int
    /// What is wrong with the JSON there.
    public var reason: String

    /// The reason and the byte offset.
    public var description: String { "\(reason) at byte \(offset)" }
}

extension UntypedJSON: Encodable {
    /// Encodes through an `Encoder`, which writes numbers as `Double`s; `jsonText()` keeps each as it was sent.
    public func encode(to encoder: any Encoder) throws {
        if case .object(let members) = self {
            var object = encoder.container(keyedBy: JSONPathKey.self)
            for member in members { try object.encode(member.value, forKey: JSONPathKey(member.key)) }
            return
        }
        var container = encoder.singleValueContainer()
        switch self {
        case .bool(let value): try container.encode(value)
        case .number(let text):
            if let whole = Int64(text) { try container.encode(whole) } else { try container.encode(Double(text) ?? 0) }
        case .string(let value): try container.encode(value)
        case .array(let elements): try container.encode(elements)
        case .null, .object: try container.encodeNil()
        }
    }
}

extension UntypedJSON: Decodable {
    /// Decodes through a `Decoder`, which cannot say in which order members came or how a number
    /// was written: members are sorted by key and numbers are written in Swift's shortest form
    /// (a number beyond `Double`'s range reads as `Infinity`). `Aem.execute` and `Aem.decode`
    /// never take this path for `UntypedJSON`: they parse the bytes themselves and keep
    /// everything as sent. Objects and arrays are tried first: they are the common case.
    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: JSONPathKey.self) {
            var members: [Member] = []
            members.reserveCapacity(container.allKeys.count)
            for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                members.append(Member(key.stringValue, try container.decode(UntypedJSON.self, forKey: key)))
            }
            self = .object(members)
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var elements: [UntypedJSON] = []
            while !container.isAtEnd { elements.append(try container.decode(UntypedJSON.self)) }
            self = .array(elements)
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .number(String(value))
        } else if let value = try? container.decode(Double.self) {
            self = .number(String(value))
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else {
            self = .number("Infinity")
        }
    }
}

extension UntypedJSON {
    /// This value as `init(from:)` reads it through a `Decoder`: members sorted by key, numbers in Swift's shortest
    /// form. What a model keeps of JSON it does not know, so that its two ways of decoding give the same value.
    var asDecoded: UntypedJSON {
        switch self {
        case .number(let text):
            if let whole = Int64(text) { return .number(String(whole)) }
            guard let value = Double(text), value.isFinite else { return .number("Infinity") }
            if let whole = Int64(exactly: value) { return .number(String(whole)) }
            return .number(String(value))
        case .array(let elements): return .array(elements.map(\.asDecoded))
        case .object(let members):
            return .object(members.sorted { $0.key < $1.key }.map { Member($0.key, $0.value.asDecoded) })
        case .null, .bool, .string: return self
        }
    }

    /// Decodes this value into a `Decodable` type, such as one item of a page into a model:
    /// `try item.decode(Article.self)`.
    /// - Throws: `DecodingError` when it does not fit.
    public func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        if let model = type as? any UntypedJSONDecodable.Type {
            do {
                if let value = try model.init(json: self) as? Value { return value }
            } catch {
                throw error.decodingError(below: [])
            }
        }
        return try JSONDecoder().decode(type, from: Data(jsonBytes()))
    }
}
