import Crypto
import Foundation

/// The store's content hash: the SHA-256 of stored JSON bytes, in hex. Equal bytes, equal
/// hash; AEM sends the same content with the same bytes, so a changed hash is a changed item.
enum ContentHash {
    static func of(_ data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }
}
