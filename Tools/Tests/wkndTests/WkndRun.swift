import EmulatorTestSupport
import Foundation
import Testing

@testable import WKNDCore

/// One run of the built `wknd` binary: what it wrote on each stream and how it ended.
struct WkndRun: Sendable {
    var stdout: String
    var stderr: String
    var status: Int32

    /// The built binary.
    static let executable: URL? = BuiltProgram.wknd

    /// Runs `wknd` (the built binary, or `executable`) with `arguments` in a fresh temporary
    /// directory (also `HOME`), with only `PATH` and `environment` set, and `stdin` as standard input;
    /// within the budget of `HeavyTests`.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil,
        files: [String: String] = [:], executable: URL? = nil
    ) async throws -> WkndRun {
        try await HeavyTests.run {
            try await runNow(arguments, environment: environment, stdin: stdin, files: files, executable: executable)
        }
    }

    private static func runNow(
        _ arguments: [String], environment: [String: String], stdin: String?, files: [String: String],
        executable: URL?
    ) async throws -> WkndRun {
        let executable = try #require(executable ?? Self.executable, "the wknd binary was not built")
        return try await withTemporaryFolder("wknd-test") { directory in
            for (name, text) in files {
                try Data(text.utf8).write(to: directory.appendingPathComponent(name))
            }
            let outURL = directory.appendingPathComponent(".stdout")
            let errURL = directory.appendingPathComponent(".stderr")
            let inURL = directory.appendingPathComponent(".stdin")
            try Data((stdin ?? "").utf8).write(to: inURL)
            _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
            _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)

            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            process.currentDirectoryURL = directory
            var fullEnvironment = [
                "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                "HOME": directory.path,
            ]
            fullEnvironment.merge(environment) { $1 }
            process.environment = fullEnvironment
            let output = try FileHandle(forWritingTo: outURL)
            let errors = try FileHandle(forWritingTo: errURL)
            let input = try FileHandle(forReadingFrom: inURL)
            process.standardOutput = output
            process.standardError = errors
            process.standardInput = input
            let end = ProcessEnd(process)
            let status = try await withLaunched(process) { await end.status }
            try output.close()
            try errors.close()
            try input.close()
            return WkndRun(
                stdout: try String(contentsOf: outURL, encoding: .utf8),
                stderr: try String(contentsOf: errURL, encoding: .utf8),
                status: status)
        }
    }

    /// The lines of stderr.
    var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }

    /// Standard output parsed as JSON.
    func json() throws -> Any {
        try JSONSerialization.jsonObject(with: Data(stdout.utf8), options: [.fragmentsAllowed])
    }
}
