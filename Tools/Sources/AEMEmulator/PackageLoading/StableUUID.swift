/// A UUID derived from a repository path, for nodes stored without `jcr:uuid`: the same path always gives the same
/// UUID (two 64-bit FNV-1a hashes, marked as an RFC 9562 version 8 UUID).
enum StableUUID {
    /// The UUID text (`8c1e…-…`) for `path`.
    static func forPath(_ path: String) -> String {
        let bytes = Array(path.utf8)
        var high = hash(bytes, seed: 0xCBF2_9CE4_8422_2325)
        var low = hash(bytes, seed: 0x8422_2325_CBF2_9CE4)
        high = (high & ~0xF000) | 0x8000
        low = (low & ~(0xC000 << 48)) | (0x8000 << 48)
        let hex = hex(high) + hex(low)
        let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
            String(
                hex[
                    hex.index(
                        hex.startIndex, offsetBy: range.lowerBound)..<hex.index(
                            hex.startIndex, offsetBy: range.upperBound)])
        }
        return parts.joined(separator: "-")
    }

    private static func hash(_ bytes: [UInt8], seed: UInt64) -> UInt64 {
        var hash = seed
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
