import Foundation

/// A value guarded by a lock, for the few places that share mutable state across tasks.
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// Replaces the value and returns the old one.
    func exchange(_ newValue: Value) -> Value {
        withLock { current in
            let old = current
            current = newValue
            return old
        }
    }
}
