/// A short fingerprint of bytes, for entity tags.
enum ContentHash {
    /// The 64-bit FNV-1a hash of `bytes` in hexadecimal.
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
