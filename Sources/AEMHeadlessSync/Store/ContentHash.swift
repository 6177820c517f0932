import AEMHeadless
import Crypto
import Foundation

/// The store's hashes in hex: the content hash of stored JSON, and the names of image files.
/// Equal bytes, equal hash; AEM sends the same content with the same bytes, so a changed hash is
/// a changed item.
enum ContentHash {
    /// The SHA-256 of `data`, 64 hex digits.
    static func of(_ data: Data) -> String {
        sha256Hex(data, bytes: SHA256.byteCount)
    }

    /// The first `bytes` bytes of the SHA-256 of `text`, in hex.
    static func prefix(of text: String, bytes: Int) -> String {
        sha256Hex(Data(text.utf8), bytes: bytes)
    }

    /// The module's one SHA-256 in hex: the first `bytes` bytes of the digest of `data`.
    private static func sha256Hex(_ data: Data, bytes: Int) -> String {
        SHA256.hash(data: data).prefix(bytes).lowercaseHex
    }
}
