import Foundation

/// A value read from AEM's JSON the lenient way: `null`, a missing key or a value of another JSON
/// type reads as nil instead of failing the response. The models `wknd codegen` generates use it
/// for every field; the library's own models read their fields the same way.
///
/// Any `Decodable` type gets the conformance by declaring it: it reads as nil when its own
/// decoding throws (for a generated object, when a field the schema calls non-null is `null`).
public protocol LenientDecodable: Sendable {
    /// The value `decoder` holds, or nil when it is `null`, of another JSON type, or incomplete.
    init?(lenientFrom decoder: any Decoder)
}

extension LenientDecodable where Self: Decodable {
    /// The value decoded the usual way, or nil when that decoding throws.
    public init?(lenientFrom decoder: any Decoder) {
        guard let value = try? Self(from: decoder) else { return nil }
        self = value
    }
}

extension String: LenientDecodable {}
extension Bool: LenientDecodable {}
extension UntypedJSON: LenientDecodable {}
extension RichText: LenientDecodable {}
extension ImageReference: LenientDecodable {}

extension Double: LenientDecodable {
    /// Any finite JSON number (`4500`, `95.5`), or a string holding one (`LenientNumber`).
    public init?(lenientFrom decoder: any Decoder) {
        guard let container = try? decoder.singleValueContainer(), !container.decodeNil() else { return nil }
        if let number = LenientNumber.finite(try? container.decode(Double.self)) {
            self = number
        } else if let text = try? container.decode(String.self), let number = LenientNumber.double(inText: text) {
            self = number
        } else {
            return nil
        }
    }
}

extension Int: LenientDecodable {
    /// A whole number, written as `8`, `8.0` or `"8"` (`LenientNumber`).
    public init?(lenientFrom decoder: any Decoder) {
        if let container = try? decoder.singleValueContainer(), let number = try? container.decode(Int.self) {
            self = number
            return
        }
        guard let number = LenientNumber.whole(Double(lenientFrom: decoder)) else { return nil }
        self = number
    }
}

extension Array: LenientDecodable where Element: LenientDecodable {
    /// The elements that read as values; `null` elements and those that do not read are skipped.
    public init?(lenientFrom decoder: any Decoder) {
        guard var container = try? decoder.unkeyedContainer() else { return nil }
        var elements: [Element] = []
        while !container.isAtEnd {
            guard let box = try? container.decode(LenientBox<Element>.self) else { break }
            if let value = box.value { elements.append(value) }
        }
        self = elements
    }
}

/// Bridges `LenientDecodable` to `Decodable`, for containers; it never throws.
private struct LenientBox<Value: LenientDecodable>: Decodable {
    let value: Value?

    init(from decoder: any Decoder) {
        value = Value(lenientFrom: decoder)
    }
}

extension KeyedDecodingContainer {
    /// A nullable field: the value at `key`, or nil when it is missing, `null`, of another JSON
    /// type, or an object lacking a field it requires.
    public func lenientValue<Value: LenientDecodable>(_ type: Value.Type, forKey key: Key) -> Value? {
        (try? decodeIfPresent(LenientBox<Value>.self, forKey: key))?.flatMap(\.value)
    }

    /// A field the schema calls non-null. When AEM sends `null`, nothing or another type there, it
    /// throws, so the object holding it reads as nil (or is skipped in a list), as GraphQL itself
    /// makes the nearest nullable field null.
    public func requiredValue<Value: LenientDecodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        guard let value = lenientValue(type, forKey: key) else {
            throw DecodingError.valueNotFound(
                Value.self,
                DecodingError.Context(
                    codingPath: codingPath + [key],
                    debugDescription:
                        "AEM sent null, nothing or another type for the non-null field \(key.stringValue)."))
        }
        return value
    }
}
