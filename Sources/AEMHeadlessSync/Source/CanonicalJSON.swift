import Crypto
import Foundation

/// How the store keeps JSON "as AEM sent it": the answer is parsed with `JSONSerialization`
/// and each item written back with its keys sorted and slashes unescaped. Names, values,
/// numbers and array order are AEM's; only white space and the order of keys may differ from
/// the bytes on the wire, so that equal content always has equal bytes and an equal hash.
public enum CanonicalJSON {
    /// The canonical bytes of a parsed JSON object or array.
    public static func data(_ value: Any) throws -> Data {
        try JSONSerialization.data(
            withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
    }

    /// The SHA-256 of canonical bytes, in hex: the store's content hash.
    public static func hash(_ data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }
}
