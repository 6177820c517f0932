/// Small, valid PNG files made in code: an RGB gradient, stored without compression (deflate's stored blocks), so
/// no image library is needed to write them and any decoder reads them.
enum PNGImage {
    /// A `width`×`height` gradient whose hues come from `tint`.
    static func gradient(width: Int, height: Int, tint: UInt64) -> [UInt8] {
        let red = UInt8(truncatingIfNeeded: tint)
        let green = UInt8(truncatingIfNeeded: tint >> 8)
        let blue = UInt8(truncatingIfNeeded: tint >> 16)
        var pixels: [UInt8] = []
        pixels.reserveCapacity(height * (1 + width * 3))
        for y in 0..<height {
            pixels.append(0) // filter type None
            for x in 0..<width {
                pixels.append(red &+ UInt8(truncatingIfNeeded: x * 255 / max(1, width - 1)) / 2)
                pixels.append(green &+ UInt8(truncatingIfNeeded: y * 255 / max(1, height - 1)) / 2)
                pixels.append(blue)
            }
        }
        var header: [UInt8] = []
        header += bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0] // 8 bits per sample, RGB, deflate, adaptive filters, no interlace
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
            + chunk("IDAT", zlibStored(pixels)) + chunk("IEND", [])
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    /// A zlib stream of stored (uncompressed) deflate blocks.
    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(data.count, start + 65_535)
            let length = UInt16(end - start)
            stream.append(end == data.count ? 1 : 0)
            stream += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            stream += data[start..<end]
            start = end
        } while start < data.count
        return stream + bigEndian(adler32(data))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }
}
