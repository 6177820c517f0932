import Foundation
import NIOCore

/// Bytes to send, produced on demand range by range, so that a large body never sits in memory.
struct Payload: Sendable {
    let count: Int
    private let source: Source

    private enum Source: Sendable {
        case buffer(ByteBuffer)
        case synthetic
    }

    /// The size of the pieces a body is written in.
    static let chunkSize = 64 * 1024

    init(_ bytes: [UInt8]) {
        self.init(buffer: ByteBuffer(bytes: bytes))
    }

    init(_ data: Data) {
        self.init(buffer: ByteBuffer(bytes: data))
    }

    private init(buffer: ByteBuffer) {
        count = buffer.readableBytes
        source = .buffer(buffer)
    }

    private init(syntheticCount: Int) {
        count = syntheticCount
        source = .synthetic
    }

    /// `byteCount` bytes that begin like a JPEG file (SOI and JFIF header) and end with its EOI marker, with a
    /// fixed pseudo-random pattern in between; any range is computed from its offsets.
    static func synthetic(byteCount: Int) -> Payload {
        Payload(syntheticCount: max(0, byteCount))
    }

    /// The bytes in `range`, which must lie within `0..<count`.
    func bytes(in range: Range<Int>) -> ByteBuffer {
        switch source {
        case .buffer(let buffer):
            return buffer.getSlice(at: buffer.readerIndex + range.lowerBound, length: range.count) ?? ByteBuffer()
        case .synthetic:
            return syntheticBytes(in: range)
        }
    }

    private func syntheticBytes(in range: Range<Int>) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(range.count)
        let header = Self.syntheticHeader
        let trailerStart = count - Self.syntheticTrailer.count
        var position = range.lowerBound
        while position < range.upperBound {
            if position < header.count {
                let end = min(header.count, range.upperBound)
                buffer.writeBytes(header[position..<end])
                position = end
            } else if position >= trailerStart {
                let offset = position - trailerStart
                let end = min(Self.syntheticTrailer.count, offset + range.upperBound - position)
                buffer.writeBytes(Self.syntheticTrailer[offset..<end])
                position += end - offset
            } else {
                let offset = position % Self.syntheticPattern.count
                let length = min(Self.syntheticPattern.count - offset, range.upperBound - position, trailerStart - position)
                buffer.writeBytes(Self.syntheticPattern[offset..<(offset + length)])
                position += length
            }
        }
        return buffer
    }

    /// JPEG start-of-image and a JFIF APP0 segment.
    private static let syntheticHeader: [UInt8] = [
        0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01,
        0x00, 0x00,
    ]

    /// JPEG end-of-image.
    private static let syntheticTrailer: [UInt8] = [0xFF, 0xD9]

    private static let syntheticPattern: [UInt8] = {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<65_521).map { _ in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state >> 24)
        }
    }()
}

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
