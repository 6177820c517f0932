import AEMHeadless
import Dispatch
import Foundation

/// Ctrl-C (SIGINT) and SIGTERM during `wknd download` and `wknd sync`: the first signal cancels the work, so each
/// download removes its temporary file and the command ends with 130 or 143; if that takes longer
/// than `gracePeriod`, or a second signal comes, the temporary files are removed here and the
/// process exits at once.
package final class SignalInterruption: Sendable {
    /// How long the cancelled work may take to end by itself.
    package static let gracePeriod: DispatchTimeInterval = .seconds(3)

    private let state = LockedValue(State())

    package init() {}

    private struct State {
        var sources: [HeldSource] = []
        var receivedSignal: Int32?
        var onInterrupt: @Sendable () -> Void = {}
        var cleanups: [@Sendable () -> Void] = []
    }

    /// The signal received, if any.
    package var signal: Int32? { state.withLock { $0.receivedSignal } }

    /// The exit code for the signal received: 128 plus its number.
    package var exitCode: Int32? { signal.map { 128 + $0 } }

    /// Starts listening; `onInterrupt` is called once, on the first signal.
    package func install(onInterrupt: @escaping @Sendable () -> Void) {
        state.withLock { $0.onInterrupt = onInterrupt }
        for number in [SIGINT, SIGTERM] {
            Foundation.signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in received(number) }
            source.resume()
            state.withLock { $0.sources.append(HeldSource(source: source)) }
        }
    }

    /// Adds work to do before a forced exit, such as removing temporary files.
    package func addCleanup(_ cleanup: @escaping @Sendable () -> Void) {
        state.withLock { $0.cleanups.append(cleanup) }
    }

    private func received(_ number: Int32) {
        let (first, interrupt) = state.withLock { state -> (Bool, @Sendable () -> Void) in
            let first = state.receivedSignal == nil
            if first { state.receivedSignal = number }
            return (first, state.onInterrupt)
        }
        guard first else { return forceExit() }
        interrupt()
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.gracePeriod) { [self] in forceExit() }
    }

    private func forceExit() {
        let (tasks, code) = state.withLock { ($0.cleanups, $0.receivedSignal.map { 128 + $0 } ?? 130) }
        for cleanup in tasks { cleanup() }
        exit(code)
    }
}

/// A signal source, held so that it lives as long as its `SignalInterruption` and never read
/// again: `any DispatchSourceSignal` is not `Sendable`, but a value no one uses is safe to share.
private struct HeldSource: @unchecked Sendable {
    let source: any DispatchSourceSignal
}
