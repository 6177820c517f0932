import AEMEmulator
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
    private static let shares = AsyncSlots(count: count)

    /// What `body` returns, run while holding a share. A test cancelled while it waited for its share (past its
    /// `.timeLimit`) ends with `CancellationError` once it has it, starting nothing.
    public static func run<Result>(_ body: () async throws -> Result) async throws -> Result {
        if holdsShare { return try await body() }
        await shares.acquire()
        defer { shares.release() }
        try Task.checkCancellation()
        return try await $holdsShare.withValue(true) { try await body() }
    }
}
