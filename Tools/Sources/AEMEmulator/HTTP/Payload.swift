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

    /// The next piece of the bytes from `offset` up to `end` (at most ``chunkSize`` bytes, never empty when
    /// `offset < end`). Pieces are slices of stored buffers, so sending a body allocates nothing per chunk.
    func chunk(from offset: Int, to end: Int) -> ByteBuffer {
        let limit = min(end, offset + Self.chunkSize)
        switch source {
        case .buffer(let buffer):
            return buffer.getSlice(at: buffer.readerIndex + offset, length: limit - offset) ?? ByteBuffer()
        case .synthetic:
            let trailerStart = count - Self.syntheticTrailer.readableBytes
            if offset < Self.syntheticHeader.readableBytes {
                return Self.syntheticHeader.getSlice(
                    at: offset, length: min(Self.syntheticHeader.readableBytes, limit) - offset) ?? ByteBuffer()
            }
            if offset >= trailerStart {
                return Self.syntheticTrailer.getSlice(at: offset - trailerStart, length: limit - offset) ?? ByteBuffer()
            }
            let phase = offset % Self.syntheticPattern.readableBytes
            let length = min(Self.syntheticPattern.readableBytes - phase, limit - offset, trailerStart - offset)
            return Self.syntheticPattern.getSlice(at: phase, length: length) ?? ByteBuffer()
        }
    }

    /// JPEG start-of-image and a JFIF APP0 segment.
    private static let syntheticHeader = ByteBuffer(
        bytes: [
            0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01,
            0x00, 0x00,
        ] as [UInt8])

    /// JPEG end-of-image.
    private static let syntheticTrailer = ByteBuffer(bytes: [0xFF, 0xD9] as [UInt8])

    /// A pseudo-random period of 65 521 bytes (a prime, so it does not line up with chunk boundaries).
    private static let syntheticPattern: ByteBuffer = {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return ByteBuffer(
            bytes: (0..<65_521).map { _ in
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                return UInt8(truncatingIfNeeded: state >> 24)
            })
    }()
}
