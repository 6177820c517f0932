/// A short, stable fingerprint of a text (64-bit FNV-1a over its UTF-8 bytes, in hex), written into
/// the generated file's header so that a reader can tell which schema and query text it came from.
enum Fingerprint {
    static func of(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
