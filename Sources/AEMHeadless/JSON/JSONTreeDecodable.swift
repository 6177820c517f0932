/// A library model that reads itself from a `JSONTree`. Its `Decodable` conformance goes through
/// the same reading (`init(decodingTreeFrom:)`), so the fast path of `Aem.decode` and any
/// `JSONDecoder` give the same values.
protocol JSONTreeDecodable: Decodable, Sendable {
    /// The value in `tree`, or a mismatch naming where, below `tree`, the shape was wrong.
    init(tree: JSONTree) throws(JSONTreeMismatch)
}

extension JSONTreeDecodable {
    /// Reads the decoder's value as a `JSONTree`, then as `Self`; a mismatch becomes a
    /// `DecodingError` at the full coding path.
    init(decodingTreeFrom decoder: any Decoder) throws {
        let tree = try JSONTree(from: decoder)
        do {
            try self.init(tree: tree)
        } catch {
            throw error.decodingError(below: decoder.codingPath)
        }
    }
}

/// Where and why a `JSONTree` did not have the shape a model needs.
struct JSONTreeMismatch: Error {
    /// The path below the tree being read, outermost first.
    var path: [JSONTreeKey]
    /// The Swift type that was expected there.
    var expected: Any.Type
    /// Whether a required member was absent (the last key of `path`), rather than of the wrong type.
    var isMissingMember: Bool
    var reason: String

    init(expected: Any.Type, _ reason: String, path: [JSONTreeKey] = [], isMissingMember: Bool = false) {
        self.expected = expected
        self.reason = reason
        self.path = path
        self.isMissingMember = isMissingMember
    }

    /// The same mismatch one level further out, under `key`.
    func under(_ key: JSONTreeKey) -> JSONTreeMismatch {
        JSONTreeMismatch(expected: expected, reason, path: [key] + path, isMissingMember: isMissingMember)
    }

    func decodingError(below codingPath: [any CodingKey]) -> DecodingError {
        if isMissingMember, let key = path.last {
            return .keyNotFound(key, DecodingError.Context(codingPath: codingPath + path.dropLast(), debugDescription: reason))
        }
        return .typeMismatch(expected, DecodingError.Context(codingPath: codingPath + path, debugDescription: reason))
    }
}

/// A member name or array index in a `JSONTreeMismatch` path.
struct JSONTreeKey: CodingKey, Hashable, Sendable {
    var stringValue: String
    var intValue: Int?

    init(_ name: String) { stringValue = name }
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}

extension JSONTree {
    /// The member `key` read as `T`, or nil when it is missing or `null`; any other mismatch is
    /// thrown with `key` in its path.
    func decodeIfPresent<T: JSONTreeDecodable>(_ type: T.Type, _ key: some CodingKey) throws(JSONTreeMismatch) -> T? {
        guard let value = self[key.stringValue], !value.isNull else { return nil }
        do {
            return try T(tree: value)
        } catch {
            throw error.under(JSONTreeKey(key.stringValue))
        }
    }

    /// The member `key` read as `T`; missing or `null` is a mismatch.
    func decode<T: JSONTreeDecodable>(_ type: T.Type, _ key: some CodingKey) throws(JSONTreeMismatch) -> T {
        guard let value = try decodeIfPresent(type, key) else {
            throw JSONTreeMismatch(expected: T.self, "a required member is missing", path: [JSONTreeKey(key.stringValue)],
                                   isMissingMember: true)
        }
        return value
    }

    /// A whole number member (`8`, or `8.0` written with a fraction), or nil when it is missing
    /// or `null`; anything else is a mismatch.
    func wholeNumber(_ key: some CodingKey) throws(JSONTreeMismatch) -> Int? {
        guard let value = self[key.stringValue], !value.isNull else { return nil }
        if case .number(let text) = value, let number = Int(text) ?? Double(text).flatMap({ Int(exactly: $0) }) {
            return number
        }
        throw JSONTreeMismatch(expected: Int.self, "expected a whole number, found \(value.kindDescription)",
                               path: [JSONTreeKey(key.stringValue)])
    }

    /// This tree when it is an object, else a mismatch for `type`.
    func requireObject(for type: Any.Type) throws(JSONTreeMismatch) -> JSONTree {
        guard case .object = self else {
            throw JSONTreeMismatch(expected: type, "expected an object, found \(kindDescription)")
        }
        return self
    }

    /// `an object`, `a string`…: for messages.
    var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "true or false"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

// MARK: - Decoding a tree through any Decoder

extension JSONTree: Decodable {
    /// The decoder's value as a tree. Objects and arrays are tried first because they are the
    /// common case; numbers keep their text when they are whole.
    init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: JSONTreeKey.self) {
            var members: [Member] = []
            members.reserveCapacity(container.allKeys.count)
            for key in container.allKeys {
                members.append(Member(key: key.stringValue, value: try container.decode(JSONTree.self, forKey: key)))
            }
            self = .object(members)
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var elements: [JSONTree] = []
            while !container.isAtEnd { elements.append(try container.decode(JSONTree.self)) }
            self = .array(elements)
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .number(String(value))
        } else if let value = try? container.decode(Double.self) {
            self = .number(value.description)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else {
            // Only a number beyond Double's range is left; it reads as no number at all.
            self = .number("Infinity")
        }
    }
}
