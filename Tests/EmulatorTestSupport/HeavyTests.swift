import Foundation

/// The budget of tests that hold emulators or run programs: at most `count` such tests at once, the others waiting
/// their turn, so that a parallel run keeps its open files and processes bounded (run all at once, they held over a
/// thousand files, where Foundation's `Process.run()` on Linux can crash listing them). A test takes one share however
/// many emulators and programs it starts, its child tasks included: nested calls run at once, so a test cannot wait
/// for a share it holds. Tests that start neither run beside them freely.
public enum HeavyTests {
    /// Tests that may hold emulators or run programs at once.
    public static let count = 4

    @TaskLocal private static var holdsShare = false
    private static let shares = TestShares(count: count)

    /// What `body` returns, run while holding a share.
    public static func run<Result>(_ body: () async throws -> Result) async rethrows -> Result {
        if holdsShare { return try await body() }
        await shares.acquire()
        defer { shares.release() }
        return try await $holdsShare.withValue(true) { try await body() }
    }
}

/// A counting semaphore whose waiters are suspended, not blocked.
private final class TestShares: @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) { free = count }

    func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let granted = lock.withLock {
                guard free > 0 else {
                    waiting.append(continuation)
                    return false
                }
                free -= 1
                return true
            }
            if granted { continuation.resume() }
        }
    }

    func release() {
        let next = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            guard !waiting.isEmpty else {
                free += 1
                return nil
            }
            return waiting.removeFirst()
        }
        next?.resume()
    }
}
