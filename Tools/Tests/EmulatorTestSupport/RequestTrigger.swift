import AEMEmulator
import Foundation

/// Acts on a client once the emulator has answered a given number of its requests: an interruption at a point
/// defined by the client's requests, the same on a loaded machine as on an idle one, instead of after a time.
///
/// The count is of answers made, as each answer's head is ready and before it is sent: acting on the `count`th
/// answer means the client never receives it.
///
/// ```swift
/// let killer = RequestTrigger<pid_t> { kill($0, SIGKILL) }
/// var options = EmulatorOptions(content: content)
/// options.requestLog = killer.requestAnswered
/// // … for each run:
/// killer.arm(after: 5)
/// let process = start()
/// killer.aim(at: process.processIdentifier)
/// await ended(process)
/// killer.disarm()
/// ```
public final class RequestTrigger<Target: Sendable>: @unchecked Sendable {
    private struct State {
        /// Answers still to count; nil when not armed.
        var remaining: Int?
        /// Whether the count was reached since `arm`.
        var fired = false
        var target: Target?
    }

    private let lock = NSLock()
    private var state = State()
    private let action: @Sendable (Target) -> Void

    /// - Parameter action: what is done to the target once the count is reached; called on one of the
    ///   emulator's threads (or in `aim(at:)`), once per `arm`.
    public init(_ action: @escaping @Sendable (Target) -> Void) {
        self.action = action
    }

    /// Starts counting from zero: the action runs once `count` more answers have been made.
    public func arm(after count: Int) {
        lock.withLock { state = State(remaining: max(1, count)) }
    }

    /// What the action acts on; when the count was reached already, the action runs now.
    public func aim(at target: Target) {
        let due = lock.withLock {
            state.target = target
            return state.fired
        }
        if due { action(target) }
    }

    /// Stops counting and forgets the target, so that nothing is done to it once it has ended.
    public func disarm() {
        lock.withLock {
            state.remaining = nil
            state.target = nil
        }
    }

    /// Whether the count was reached since the last `arm`.
    public var fired: Bool { lock.withLock { state.fired } }

    /// Counts one answer: give this as `EmulatorOptions.requestLog`.
    public func requestAnswered(_: EmulatorRequestRecord) {
        let target = lock.withLock { () -> Target?? in
            guard let remaining = state.remaining else { return nil }
            state.remaining = remaining - 1
            guard remaining == 1 else { return nil }
            state.fired = true
            state.remaining = nil
            return .some(state.target)
        }
        // Reached: act now on the target, or in `aim(at:)` when it is not known yet.
        if case .some(.some(let target)) = target { action(target) }
    }
}

/// Waits until `condition` holds, looking again every few milliseconds: for a state of another process that
/// sends no event. The pause is only between looks; the answer does not depend on it.
///
/// - Returns: true once `condition` held; false when `timeout` passed first.
public func eventually(timeout: Duration, _ condition: () throws -> Bool) async throws -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
        if try condition() { return true }
        try await Task.sleep(for: .milliseconds(10))
    }
    return try condition()
}
