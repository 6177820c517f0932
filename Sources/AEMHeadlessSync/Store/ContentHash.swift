import Crypto
import Foundation

/// The store's hashes in hex: the content hash of stored JSON, and the names of image files.
/// Equal bytes, equal hash; AEM sends the same content with the same bytes, so a changed hash is
/// a changed item.
enum ContentHash {
    /// The SHA-256 of `data`, 64 hex digits.
    static func of(_ data: Data) -> String {
        hex(SHA256.hash(data: data))
    }

    /// The first `bytes` bytes of the SHA-256 of `text`, in hex.
    static func prefix(of text: String, bytes: Int) -> String {
        hex(SHA256.hash(data: Data(text.utf8)).prefix(bytes))
    }

    private static let digits = Array("0123456789abcdef".utf8)

    /// Lower-case hex, written directly (`String(format:)` per byte costs more than the hash).
    private static func hex(_ bytes: some Sequence<UInt8>) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
