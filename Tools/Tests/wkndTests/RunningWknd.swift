import EmulatorTestSupport
import Foundation
import Testing

/// The built `wknd` running in the background, as a follower runs: its process, its end and the lines it writes.
struct RunningWknd {
    let process: Process
    let end: ProcessEnd
    let stdout: OutputLines
    let stderr: OutputLines

    /// Runs `body` while `wknd` runs `arguments` with only `PATH` and `environment` set; a program still running when
    /// `body` ends is killed (`withLaunched`).
    static func run<Result>(
        _ arguments: [String], environment: [String: String], _ body: (RunningWknd) async throws -> Result
    ) async throws -> Result {
        let executable = try #require(WkndRun.executable, "the wknd binary was not built")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
            .merging(environment) { $1 }
        let (output, errors) = (Pipe(), Pipe())
        process.standardOutput = output
        process.standardError = errors
        let end = ProcessEnd(process)
        return try await withLaunched(process) {
            try await body(
                RunningWknd(
                    process: process, end: end, stdout: OutputLines(output.fileHandleForReading),
                    stderr: OutputLines(errors.fileHandleForReading)))
        }
    }

    /// Sends Ctrl-C and waits for the program to end: its status.
    func interrupt() async -> Int32 {
        kill(process.processIdentifier, SIGINT)
        return await end.status
    }
}
