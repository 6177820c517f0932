import NIOConcurrencyHelpers

/// A point where the emulator holds requests until it is opened, so that a test can act while a client is in the
/// middle of a request, knowing that it is, instead of guessing how long a delay lasts.
///
/// ``FaultAction/hold(_:)`` holds a request before it is answered, ``FaultAction/holdBody(afterBytes:_:)`` part-way
/// through its body.
///
/// ```swift
/// let gate = EmulatorGate()
/// emulator.faults.script("/graphql/execute.json/wknd-shared/adventures-all", .hold(gate))
/// let list = Task { try await aem.adventures() }
/// guard await gate.waitForArrivals(1, timeout: .seconds(60)) else { … }   // the request is being held
/// // … act while the client waits for its answer …
/// gate.open()
/// ```
///
/// Open every gate a request may be held at before stopping the emulator: it stops once every answer is done.
public final class EmulatorGate: Sendable {
    private struct State {
        var isOpen = false
        var arrivals = 0
        var nextID = 0
        /// The requests held, by waiter ID.
        var held: [Int: CheckedContinuation<Void, Never>] = [:]
        /// Those waiting for `count` arrivals, by waiter ID.
        var watchers: [Int: (count: Int, continuation: CheckedContinuation<Bool, Never>)] = [:]
        /// Waiters given up (cancelled, timed out) before they started waiting.
        var abandoned: Set<Int> = []

        mutating func newID() -> Int {
            nextID += 1
            return nextID
        }
    }

    private let state = NIOLockedValueBox(State())

    /// A closed gate.
    public init() {}

    /// How many requests have reached the gate so far, held or let through.
    public var arrivals: Int { state.withLockedValue { $0.arrivals } }

    /// Whether ``open()`` was called.
    public var isOpen: Bool { state.withLockedValue { $0.isOpen } }

    /// Lets the requests held go on, and every later one through at once.
    public func open() {
        let held = state.withLockedValue { state in
            state.isOpen = true
            defer { state.held = [:] }
            return Array(state.held.values)
        }
        for continuation in held { continuation.resume() }
    }

    /// Waits until `count` requests have reached the gate.
    ///
    /// - Returns: true once they have; false when `timeout` passed first or the task was cancelled.
    public func waitForArrivals(_ count: Int = 1, timeout: Duration) async -> Bool {
        let id = state.withLockedValue { $0.newID() }
        let timer = Task { [weak self] in
            guard (try? await Task.sleep(for: timeout)) != nil else { return }
            self?.stopWatching(id)
        }
        defer { timer.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let answer: Bool? = state.withLockedValue { state in
                    if state.arrivals >= count { return true }
                    if state.abandoned.remove(id) != nil { return false }
                    state.watchers[id] = (count, continuation)
                    return nil
                }
                if let answer { continuation.resume(returning: answer) }
            }
        } onCancel: {
            stopWatching(id)
        }
    }

    private func stopWatching(_ id: Int) {
        let watcher = state.withLockedValue { state in
            guard let watcher = state.watchers.removeValue(forKey: id) else {
                state.abandoned.insert(id)
                return nil as (count: Int, continuation: CheckedContinuation<Bool, Never>)?
            }
            return watcher
        }
        watcher?.continuation.resume(returning: false)
    }

    /// Counts a request's arrival, then returns once the gate is open.
    ///
    /// - Throws: `CancellationError` when the request's task is cancelled while it is held.
    func pass() async throws {
        let id = state.withLockedValue { $0.newID() }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let (goes, reached) = state.withLockedValue { state in
                    state.arrivals += 1
                    let arrivals = state.arrivals
                    let reached = state.watchers.filter { $0.value.count <= arrivals }
                    for id in reached.keys { state.watchers[id] = nil }
                    let goes = state.isOpen || state.abandoned.remove(id) != nil
                    if !goes { state.held[id] = continuation }
                    return (goes, reached.values.map(\.continuation))
                }
                for watcher in reached { watcher.resume(returning: true) }
                if goes { continuation.resume() }
            }
        } onCancel: {
            let held = state.withLockedValue { state in
                guard let held = state.held.removeValue(forKey: id) else {
                    state.abandoned.insert(id)
                    return nil as CheckedContinuation<Void, Never>?
                }
                return held
            }
            held?.resume()
        }
        try Task.checkCancellation()
    }
}
