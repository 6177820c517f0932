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

/// The hosts and ports `wknd serve` printed: `127.0.0.1:4711`.
public struct ServedHosts: Sendable {
    /// The publish origin's.
    public var publish: String
    /// The author origin's.
    public var author: String
    /// The preview origin's.
    public var preview: String
}

/// Runs `wknd serve --port 0 --author-port 0 --preview-port 0` with `arguments` until `body` ends (then Ctrl-C), giving `body` the
/// hosts it printed and its stderr as it comes; returns its exit status and all it wrote on stderr. Its author state
/// is in a temporary folder of its own unless `environment` names one (`WKND_STATE_DIR`).
public func withWkndServe(
    _ arguments: [String], environment: [String: String] = [:],
    _ body: (_ hosts: ServedHosts, _ stderr: OutputLines) async throws -> Void
) async throws -> (status: Int32, stderr: String) {
    try await HeavyTests.run {
        guard let executable = BuiltProgram.wknd else { throw ProgramFailure(description: "wknd was not built") }
        let state = try newTemporaryFolder("wknd-serve-state")
        defer { try? FileManager.default.removeItem(at: state) }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["serve", "--port", "0", "--author-port", "0", "--preview-port", "0"] + arguments
        process.environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "WKND_STATE_DIR": state.path,
        ].merging(environment) { $1 }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let end = ProcessEnd(process)
        return try await withLaunched(process) {
            let stderr = OutputLines(errors.fileHandleForReading)
            let reader = output.fileHandleForReading
            let printed = await offThePool {
                var text = Data()
                while text.count { $0 == UInt8(ascii: "\n") } < 3 {
                    guard let chunk = nextChunk(of: reader) else { break }
                    text.append(chunk)
                }
                return text
            }
            let urls = String(decoding: printed, as: UTF8.self).split(separator: "\n").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard urls.count == 3, urls.allSatisfy({ $0.hasPrefix("http://") }) else {
                throw ProgramFailure(
                    description: "wknd serve printed no URLs: \(urls.joined(separator: " ")) \(await stderr.all)")
            }
            let hosts = urls.map { String($0.dropFirst("http://".count)) }
            try await body(ServedHosts(publish: hosts[0], author: hosts[1], preview: hosts[2]), stderr)
            kill(process.processIdentifier, SIGINT)
            return (await end.status, await stderr.all)
        }
    }
}
