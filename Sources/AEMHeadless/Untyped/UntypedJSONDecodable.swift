/// A library model that reads itself from `UntypedJSON`. Its `Decodable` conformance goes
/// through the same reading (`init(decodingJSONFrom:)`), so the fast path of `Aem.decode` and any
/// `JSONDecoder` give the same values.
protocol UntypedJSONDecodable: Decodable, Sendable {
    /// The value in `json`, or a mismatch naming where, below `json`, the shape was wrong.
    init(json: UntypedJSON) throws(JSONShapeMismatch)
}

extension UntypedJSONDecodable {
    /// Reads the decoder's value as `UntypedJSON`, then as `Self`; a mismatch becomes a
    /// `DecodingError` at the full coding path.
    init(decodingJSONFrom decoder: any Decoder) throws {
        let json = try UntypedJSON(from: decoder)
        do {
            try self.init(json: json)
        } catch {
            throw error.decodingError(below: decoder.codingPath)
        }
    }
}

/// Where and why `UntypedJSON` did not have the shape a model needs.
package struct JSONShapeMismatch: Error {
    /// The path below the value being read, outermost first.
    package var path: [JSONPathKey]
    /// The Swift type that was expected there.
    package var expected: Any.Type
    /// Whether a required member was absent (the last key of `path`), rather than of the wrong type.
    package var isMissingMember: Bool
    package var reason: String

    package init(expected: Any.Type, _ reason: String, path: [JSONPathKey] = [], isMissingMember: Bool = false) {
        self.expected = expected
        self.reason = reason
        self.path = path
        self.isMissingMember = isMissingMember
    }

    /// The same mismatch one level further out, under `key`.
    package func under(_ key: JSONPathKey) -> JSONShapeMismatch {
        JSONShapeMismatch(expected: expected, reason, path: [key] + path, isMissingMember: isMissingMember)
    }

    package func decodingError(below codingPath: [any CodingKey]) -> DecodingError {
        if isMissingMember, let key = path.last {
            return .keyNotFound(
                key, DecodingError.Context(codingPath: codingPath + path.dropLast(), debugDescription: reason))
        }
        return .typeMismatch(expected, DecodingError.Context(codingPath: codingPath + path, debugDescription: reason))
    }
}

/// A member name or array index in a `JSONShapeMismatch` path.
package struct JSONPathKey: CodingKey, Hashable, Sendable {
    package var stringValue: String
    package var intValue: Int?

    package init(_ name: String) { stringValue = name }
    package init(stringValue: String) { self.stringValue = stringValue }
    package init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}

extension UntypedJSON {
    /// The member `key` read as `T`, or nil when it is missing or `null`; any other mismatch is
    /// thrown with `key` in its path.
    func decodeIfPresent<T: UntypedJSONDecodable>(_ type: T.Type, _ key: some CodingKey)
        throws(JSONShapeMismatch) -> T?
    {
        guard let value = self[key.stringValue], !value.isNull else { return nil }
        do {
            return try T(json: value)
        } catch {
            throw error.under(JSONPathKey(key.stringValue))
        }
    }

    /// The member `key` read as `T`; missing or `null` is a mismatch.
    func decode<T: UntypedJSONDecodable>(_ type: T.Type, _ key: some CodingKey) throws(JSONShapeMismatch) -> T {
        guard let value = try decodeIfPresent(type, key) else {
            throw JSONShapeMismatch(
                expected: T.self, "a required member is missing", path: [JSONPathKey(key.stringValue)],
                isMissingMember: true)
        }
        return value
    }

    /// The string member `key`; missing, `null` or of another type is a mismatch.
    package func requiredString(_ key: String) throws(JSONShapeMismatch) -> String {
        guard let value = self[key], !value.isNull else {
            throw JSONShapeMismatch(
                expected: String.self, "a required member is missing", path: [JSONPathKey(key)], isMissingMember: true)
        }
        guard let text = value.stringValue else {
            throw JSONShapeMismatch(
                expected: String.self, "expected a string, found \(value.kindDescription)", path: [JSONPathKey(key)])
        }
        return text
    }

    /// A whole number member (`8`, or `8.0` written with a fraction), or nil when it is missing
    /// or `null`; anything else is a mismatch.
    func wholeNumber(_ key: some CodingKey) throws(JSONShapeMismatch) -> Int? {
        guard let value = self[key.stringValue], !value.isNull else { return nil }
        if case .number(let text) = value, let number = Int(text) ?? Double(text).flatMap({ Int(exactly: $0) }) {
            return number
        }
        throw JSONShapeMismatch(
            expected: Int.self, "expected a whole number, found \(value.kindDescription)",
            path: [JSONPathKey(key.stringValue)])
    }

    /// This value when it is an object, else a mismatch for `type`.
    package func requireObject(for type: Any.Type) throws(JSONShapeMismatch) -> UntypedJSON {
        guard case .object = self else {
            throw JSONShapeMismatch(expected: type, "expected an object, found \(kindDescription)")
        }
        return self
    }

    /// `an object`, `a string`…: for messages.
    package var kindDescription: String {
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
