import Foundation

/// A gzip stream of `data` in deflate's stored (uncompressed) blocks: what a server sends with
/// `Content-Encoding: gzip`, made without a compression library.
func gzipStored(_ data: Data) -> Data {
    var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF] // deflate, no flags, no time, unknown system
    let bytes = [UInt8](data)
    var start = 0
    repeat {
        let end = min(start + 0xFFFF, bytes.count)
        let length = UInt16(end - start)
        out.append(end == bytes.count ? 1 : 0) // BFINAL on the last block, BTYPE 00 (stored)
        out += littleEndian(UInt32(length), bytes: 2) + littleEndian(UInt32(~length), bytes: 2)
        out += bytes[start..<end]
        start = end
    } while start < bytes.count
    return Data(
        out + littleEndian(crc32(bytes), bytes: 4) + littleEndian(UInt32(truncatingIfNeeded: bytes.count), bytes: 4))
}

private func littleEndian(_ value: UInt32, bytes: Int) -> [UInt8] {
    (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
}

private func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}
