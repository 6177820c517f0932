import Dispatch
import Foundation

/// Ctrl-C (SIGINT) and SIGTERM during `wknd download` and `wknd sync`: the first signal cancels the work, so each
/// download removes its temporary file and the command ends with 130 or 143; if that takes longer
/// than `gracePeriod`, or a second signal comes, the temporary files are removed here and the
/// process exits at once.
final class SignalInterruption: @unchecked Sendable {
    /// How long the cancelled work may take to end by itself.
    static let gracePeriod: DispatchTimeInterval = .seconds(3)

    private let lock = NSLock()
    private var sources: [any DispatchSourceSignal] = []
    private var receivedSignal: Int32?
    private var onInterrupt: @Sendable () -> Void = {}
    private var cleanups: [@Sendable () -> Void] = []

    /// The signal received, if any.
    var signal: Int32? { lock.withLock { receivedSignal } }

    /// The exit code for the signal received: 128 plus its number.
    var exitCode: Int32? { signal.map { 128 + $0 } }

    /// Starts listening; `onInterrupt` is called once, on the first signal.
    func install(onInterrupt: @escaping @Sendable () -> Void) {
        lock.withLock { self.onInterrupt = onInterrupt }
        for number in [SIGINT, SIGTERM] {
            Foundation.signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in received(number) }
            source.resume()
            lock.withLock { sources.append(source) }
        }
    }

    /// Adds work to do before a forced exit, such as removing temporary files.
    func addCleanup(_ cleanup: @escaping @Sendable () -> Void) {
        lock.withLock { cleanups.append(cleanup) }
    }

    private func received(_ number: Int32) {
        let (first, interrupt) = lock.withLock { () -> (Bool, @Sendable () -> Void) in
            let first = receivedSignal == nil
            if first { receivedSignal = number }
            return (first, onInterrupt)
        }
        guard first else { return forceExit() }
        interrupt()
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.gracePeriod) { [self] in forceExit() }
    }

    private func forceExit() {
        let (tasks, code) = lock.withLock { (cleanups, receivedSignal.map { 128 + $0 } ?? 130) }
        for cleanup in tasks { cleanup() }
        exit(code)
    }
}
