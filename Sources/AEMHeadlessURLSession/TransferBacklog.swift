/// The bytes of a body received and not yet read, and whether its transfer waits for the reader: it
/// pauses when the reader falls more than `highWaterMark` bytes behind, and goes on once the
/// reader has brought that down to `lowWaterMark`.
struct TransferBacklog: Sendable {
    static let highWaterMark = 4 << 20
    static let lowWaterMark = 1 << 20

    private(set) var bytes = 0
    private(set) var isPaused = false

    /// Counts `count` bytes received; true when the transfer is to pause now.
    mutating func received(_ count: Int) -> Bool {
        bytes += count
        guard !isPaused, bytes > Self.highWaterMark else { return false }
        isPaused = true
        return true
    }

    /// Counts `count` bytes read; true when the transfer is to go on now.
    mutating func read(_ count: Int) -> Bool {
        bytes -= count
        guard isPaused, bytes <= Self.lowWaterMark else { return false }
        isPaused = false
        return true
    }
}
