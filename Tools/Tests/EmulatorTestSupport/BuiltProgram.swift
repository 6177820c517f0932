import Foundation

/// The package's programs as the build made them, for tests that run them as a user would.
public enum BuiltProgram {
    /// The `wknd` binary; nil when it was not built.
    public static let wknd = find("wknd")

    /// The program `name`: next to the test bundle, else in the package's `.build/debug`.
    static func find(_ name: String) -> URL? {
        let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let candidates = [
            bundleDirectory.appendingPathComponent(name),
            bundleDirectory.deletingLastPathComponent().appendingPathComponent(name),
            packageRoot.appendingPathComponent(".build/debug/" + name),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}

/// The error of a program that could not be run or did not start as it should.
public struct ProgramFailure: Error, CustomStringConvertible {
    public var description: String
}

/// Runs `wknd serve --port 0` with `arguments` until `body` ends (then Ctrl-C), giving `body` the host and port it
/// printed (`127.0.0.1:4711`) and its stderr as it comes; returns its exit status and all it wrote on stderr.
public func withWkndServe(
    _ arguments: [String], environment: [String: String] = [:],
    _ body: (_ host: String, _ stderr: OutputLines) async throws -> Void
) async throws -> (status: Int32, stderr: String) {
    try await HeavyTests.run {
        guard let executable = BuiltProgram.wknd else { throw ProgramFailure(description: "wknd was not built") }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["serve", "--port", "0"] + arguments
        process.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"].merging(
            environment
        ) { $1 }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let end = ProcessEnd(process)
        return try await withLaunched(process) {
            let stderr = OutputLines(errors.fileHandleForReading)
            let reader = output.fileHandleForReading
            let line = await offThePool {
                var line = Data()
                while !line.contains(UInt8(ascii: "\n")) {
                    guard let chunk = nextChunk(of: reader) else { break }
                    line.append(chunk)
                }
                return line
            }
            let url = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard url.hasPrefix("http://") else {
                throw ProgramFailure(description: "wknd serve printed no URL: \(url) \(await stderr.all)")
            }
            try await body(String(url.dropFirst("http://".count)), stderr)
            kill(process.processIdentifier, SIGINT)
            return (await end.status, await stderr.all)
        }
    }
}
