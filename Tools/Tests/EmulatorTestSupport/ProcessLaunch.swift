import Foundation

/// Starts `process`, one launch at a time across every test of the test binary: Foundation's `Process.run()` on
/// Linux has crashed (a bad pointer in a copy inside it) when two tests launched programs at the same moment.
public func launch(_ process: Process) throws {
    launchLock.lock()
    defer { launchLock.unlock() }
    try process.run()
}

private let launchLock = NSLock()

/// What `body` returns, with `process` launched (see `launch(_:)`) while it runs. A program still running when `body`
/// ends is killed (SIGKILL), and one is killed at once when the test is cancelled (past its `.timeLimit`), which ends
/// the reads of its pipes: no program outlives its test.
public func withLaunched<Result>(_ process: Process, _ body: () async throws -> Result) async throws -> Result {
    try launch(process)
    let pid = process.processIdentifier
    defer { if process.isRunning { kill(pid, SIGKILL) } }
    return try await withTaskCancellationHandler {
        try await body()
    } onCancel: {
        kill(pid, SIGKILL)
    }
}
