import Foundation

/// A value made on a background thread as soon as it is created, and taken at most once:
/// taking it waits until it is made.
package final class BackgroundValue<Value>: @unchecked Sendable {
    private enum State {
        case making
        case made(Value?)
        case taken
    }

    private let condition = NSCondition()
    private var state = State.making

    /// Starts `make` on a background thread; nil from `make` means there is nothing to take.
    /// `then` runs on that thread with the value once it can be taken.
    package init(_ make: @escaping @Sendable () -> Value?, then: @escaping @Sendable (Value) -> Void = { _ in }) {
        DispatchQueue.global(qos: .userInitiated).async {
            let value = make()
            self.condition.withLock {
                self.state = .made(value)
                self.condition.broadcast()
            }
            if let value { then(value) }
        }
    }

    /// The value, after waiting for it to be made; nil when `make` gave nil or it was taken.
    package func take() -> Value? {
        condition.withLock {
            while case .making = state { condition.wait() }
            guard case .made(let value) = state else { return nil }
            state = .taken
            return value
        }
    }
}
