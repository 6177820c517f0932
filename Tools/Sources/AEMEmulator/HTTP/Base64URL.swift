import Foundation

/// URL-safe Base64 without padding (RFC 4648 §5): JSON Web Tokens, IMS tokens, delivery model ids and cursors.
enum Base64URL {
    static func encode(_ data: Data) -> String {
        // Byte by byte: a delivery list encodes a model id per fragment, and string replacement costs a fifth of it.
        var bytes: [UInt8] = []
        bytes.reserveCapacity((data.count + 2) / 3 * 4)
        for byte in data.base64EncodedData() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: "-"))
            case UInt8(ascii: "/"): bytes.append(UInt8(ascii: "_"))
            case UInt8(ascii: "="): continue
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func decode(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
