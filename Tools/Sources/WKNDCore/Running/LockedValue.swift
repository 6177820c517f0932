import NIOConcurrencyHelpers

/// A value behind a lock, for state the tools share between tasks: NIO's box, with the names the code reads.
package typealias LockedValue = NIOLockedValueBox

extension NIOLockedValueBox {
    /// `body`'s result, with the value held for it alone.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try withLockedValue(body)
    }

    /// The value now.
    package var value: Value { withLockedValue { $0 } }
}
