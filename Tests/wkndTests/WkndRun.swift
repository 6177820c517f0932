import EmulatorTestSupport
import Foundation
import Testing

/// One run of the built `wknd` binary: what it wrote on each stream and how it ended.
struct WkndRun: Sendable {
    var stdout: String
    var stderr: String
    var status: Int32

    /// The built binary: next to the test bundle, else in the package's `.build/debug`.
    static let executable: URL? = {
        let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let candidates = [
            bundleDirectory.appendingPathComponent("wknd"),
            bundleDirectory.deletingLastPathComponent().appendingPathComponent("wknd"),
            packageRoot.appendingPathComponent(".build/debug/wknd"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

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
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wknd-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, text) in files {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        let outURL = directory.appendingPathComponent(".stdout")
        let errURL = directory.appendingPathComponent(".stderr")
        let inURL = directory.appendingPathComponent(".stdin")
        try Data((stdin ?? "").utf8).write(to: inURL)
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)

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
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try launch(process)
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        try output.close()
        try errors.close()
        try input.close()
        return WkndRun(
            stdout: try String(contentsOf: outURL, encoding: .utf8),
            stderr: try String(contentsOf: errURL, encoding: .utf8),
            status: status)
    }

    /// The lines of stderr.
    var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }

    /// Standard output parsed as JSON.
    func json() throws -> Any {
        try JSONSerialization.jsonObject(with: Data(stdout.utf8), options: [.fragmentsAllowed])
    }
}

/// The result of `work`, which blocks (reading a pipe), run on a thread of its own: blocking one of
/// the few threads that run Swift tasks would starve the emulators the tests run in this process,
/// whose clients give up after 30 s.
func offThePool<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: work()) }
    }
}

/// All that `handle` gives until its end, as text, read off the pool of Swift tasks while the
/// caller goes on.
func readingToEnd(_ handle: FileHandle) -> Task<String, Never> {
    Task {
        await offThePool {
            var data = Data()
            while let chunk = nextChunk(of: handle) { data.append(chunk) }
            return String(decoding: data, as: UTF8.self)
        }
    }
}

/// The next bytes `handle` gives, blocking until some come; nil at its end. A read a signal interrupted (the test
/// binary gets SIGCHLD for each program a test ran) is tried again: Foundation's `availableData` and
/// `readDataToEndOfFile()` trap on EINTR.
func nextChunk(of handle: FileHandle) -> Data? {
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
final class ProcessEnd: Sendable {
    private let ended: Task<Int32, Never>

    /// Becomes `process`'s termination handler: make it before `process.run()`, and await
    /// `status` only once the process has started.
    init(_ process: Process) {
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
    var status: Int32 {
        get async { await ended.value }
    }
}
