import NIOConcurrencyHelpers

/// At most `count` holders at a time; the others wait their turn suspended, without holding a thread. Bounds the
/// renders of a process (each may take a core and 100 MB), and the tests that hold emulators at once.
package final class AsyncSlots: Sendable {
    private struct State {
        var free: Int
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state: NIOLockedValueBox<State>

    package init(count: Int) {
        state = NIOLockedValueBox(State(free: count))
    }

    /// What `body` returns, run while holding a slot.
    func run<Value>(_ body: () throws(ImageRenderingFailure) -> Value) async throws(ImageRenderingFailure) -> Value {
        await acquire()
        defer { release() }
        return try body()
    }

    /// Waits for a slot and takes it; give it back with `release()`.
    package func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let granted = state.withLockedValue { state in
                guard state.free > 0 else {
                    state.waiting.append(continuation)
                    return false
                }
                state.free -= 1
                return true
            }
            if granted { continuation.resume() }
        }
    }

    /// Hands the slot to the first waiter, else frees it.
    package func release() {
        let next = state.withLockedValue { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiting.isEmpty else {
                state.free += 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
