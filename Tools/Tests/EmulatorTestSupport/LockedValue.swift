import Foundation

/// A value behind a lock, for what a test's tasks and callbacks record.
public final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    public init(_ value: Value) { stored = value }

    /// `body`'s result, with the value held for it alone.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&stored) }
    }

    /// The value now.
    public var value: Value { withLock { $0 } }
}
