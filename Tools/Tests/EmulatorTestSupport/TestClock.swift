import Foundation

/// A clock a test moves by hand, for code that takes `now: @Sendable () -> Date`: the real time
/// plus what the test has added (`advance(by:)`), or, `ticking`, a fixed start that moves one
/// second each time it is read, so that every reading is later than the one before.
public final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var offset: TimeInterval = 0
    private var ticks = 0
    private let ticking: Bool

    /// - Parameter ticking: a clock that starts at 14 November 2023 and moves one second at each
    ///   reading, instead of the real time plus the offset.
    public init(ticking: Bool = false) {
        self.ticking = ticking
    }

    /// The time now on this clock.
    public var now: Date {
        lock.withLock {
            guard ticking else { return Date().addingTimeInterval(offset) }
            ticks += 1
            return Date(timeIntervalSince1970: 1_700_000_000 + TimeInterval(ticks) + offset)
        }
    }

    /// Moves the clock on by `seconds`.
    public func advance(by seconds: TimeInterval) {
        lock.withLock { offset += seconds }
    }

    /// The clock as the `now` parameter of the code under test.
    public var reading: @Sendable () -> Date { { self.now } }
}
