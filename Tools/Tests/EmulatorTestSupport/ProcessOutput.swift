import Foundation

/// The result of `work`, which blocks (reading a pipe), run on a thread of its own: blocking one of
/// the few threads that run Swift tasks would starve the emulators the tests run in this process,
/// whose clients give up after 30 s.
public func offThePool<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: work()) }
    }
}

/// The next bytes `handle` gives, blocking until some come; nil at its end. A read a signal interrupted (the test
/// binary gets SIGCHLD for each program a test ran) is tried again: Foundation's `availableData` and
/// `readDataToEndOfFile()` trap on EINTR.
public func nextChunk(of handle: FileHandle) -> Data? {
    while true {
        do {
            guard let chunk = try handle.read(upToCount: 1), !chunk.isEmpty else { return nil }
            return chunk
        } catch {
            let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
            if (error as NSError).code == Int(EINTR) || underlying?.code == Int(EINTR) { continue }
            return nil
        }
    }
}

/// A process's exit status (or signal number), awaited without blocking a thread.
public final class ProcessEnd: Sendable {
    private let ended: Task<Int32, Never>

    /// Becomes `process`'s termination handler: make it before `process.run()`, and await
    /// `status` only once the process has started.
    public init(_ process: Process) {
        let (statuses, continuation) = AsyncStream<Int32>.makeStream()
        process.terminationHandler = { ended in
            continuation.yield(ended.terminationStatus)
            continuation.finish()
        }
        ended = Task {
            for await status in statuses { return status }
            return -1
        }
    }

    /// The status, once the process has ended.
    public var status: Int32 {
        get async { await ended.value }
    }
}
