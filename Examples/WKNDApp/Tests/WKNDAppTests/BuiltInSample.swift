import Foundation

/// `wknd serve` serving the built-in sample (the tools' build of it in the repository's build folder,
/// `.build/debug/wknd`) on a free port, for as long as `body` runs.
enum BuiltInSample {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The tools' built `wknd`.
    static let wknd = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/debug/wknd")

    /// Runs `body` with the host and port the sample is served on (`127.0.0.1:4711`), then stops it.
    static func serving(_ body: (String) async throws -> Void) async throws {
        guard FileManager.default.isExecutableFile(atPath: wknd.path) else {
            throw Failure(
                description:
                    "\(wknd.path) is not built: run `swift build --package-path Tools --scratch-path .build` in the repository first"
            )
        }
        let process = Process()
        process.executableURL = wknd
        process.arguments = ["serve", "--port", "0"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            process.interrupt()
            process.waitUntilExit()
        }
        let handle = output.fileHandleForReading
        let line = await Task.detached {
            var line = Data()
            while !line.contains(UInt8(ascii: "\n")), let byte = try? handle.read(upToCount: 1), !byte.isEmpty {
                line.append(byte)
            }
            return String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }.value
        guard line.hasPrefix("http://") else { throw Failure(description: "wknd serve printed \(line)") }
        try await body(String(line.dropFirst("http://".count)))
    }
}
