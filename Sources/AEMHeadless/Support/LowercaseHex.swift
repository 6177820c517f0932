/// Bytes as lower-case hexadecimal: how the package writes its SHA-256 digests (cache
/// identities, token file names, the sync store's content hashes and image names).
extension Sequence<UInt8> {
    /// Two lower-case hex digits per byte, written directly (`String(format:)` per byte costs
    /// more than the SHA-256 it prints).
    package var lowercaseHex: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(underestimatedCount * 2)
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
