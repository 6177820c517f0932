import Foundation

/// Reading optional content fields the way AEM needs: a field that is missing, `null` or of an
/// unexpected JSON type reads as nil instead of failing the whole response.
extension KeyedDecodingContainer {
    /// A value of `type`, or nil when the key is missing, `null` or holds something else.
    func lenient<Value: Decodable>(_ type: Value.Type, forKey key: Key) -> Value? {
        (try? decodeIfPresent(type, forKey: key)) ?? nil
    }

    /// Text, or nil when the key is missing, `null` or not a string.
    func lenientString(forKey key: Key) -> String? {
        lenient(String.self, forKey: key)
    }

    /// Any JSON number (`4500`, `95.5`), or a string holding one; else nil.
    func lenientDouble(forKey key: Key) -> Double? {
        lenientValue(Double.self, forKey: key)
    }

    /// A whole number, written as `8`, `8.0` or `"8"`; else nil.
    func lenientInt(forKey key: Key) -> Int? {
        lenientValue(Int.self, forKey: key)
    }
}
