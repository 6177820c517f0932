import CompanionLaunch
import Foundation

/// `wknd-serve`, the program beside `wknd` that runs the AEM emulator (see `EmulatorLaunch`):
/// handed the terminal for `wknd serve`, or started in the background for the built-in sample.
package enum EmulatorProgram {
    /// The program beside the running `wknd`, following symbolic links to where it is installed.
    package static func location() throws(Failure) -> URL {
        try CompanionProgram.location(of: EmulatorLaunch.programName, what: "the AEM emulator")
    }

    /// Replaces this process with the program, which serves in the foreground until Ctrl-C.
    package static func run(_ launch: EmulatorLaunch) throws(Failure) -> Never {
        let program = try location()
        let input = try encoded(launch)
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw Failure(.internalError, "Cannot make a pipe: \(String(cString: strerror(errno))).")
        }
        // The settings fit the pipe's buffer, so they are written in full before the program reads them.
        let written = input.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        guard written == input.count, dup2(ends[0], STDIN_FILENO) >= 0 else {
            throw Failure(.internalError, "Cannot hand the settings to \(EmulatorLaunch.programName).")
        }
        close(ends[0])
        let path = program.path
        execv(path, [strdup(path), nil])
        throw Failure(.internalError, "Cannot start \(path): \(String(cString: strerror(errno))).")
    }

    /// Starts the program in the background and returns once its origins listen.
    package static func start(_ launch: EmulatorLaunch, timeout: Duration) async throws -> RunningEmulatorProgram {
        let settings = try encoded(launch)
        let input = Pipe()
        let output = Pipe()
        let (process, exited) = CompanionProgram.process(try location(), input: input, output: output)
        try process.run()
        input.fileHandleForWriting.write(settings)
        try input.fileHandleForWriting.close()
        let watchdog = Task {
            try await Task.sleep(for: timeout)
            if process.isRunning { process.terminate() }
        }
        defer { watchdog.cancel() }
        let lines = await firstLines(3, of: output.fileHandleForReading)
        let urls = lines.compactMap { URL(string: $0) }.filter { $0.scheme == "http" && $0.host != nil }
        guard urls.count == 3 else {
            await RunningEmulatorProgram.stop(process, exited: exited)
            let status = exited.status
            throw Failure(
                status == 78 ? .configuration : .internalError,
                "\(EmulatorLaunch.programName) did not start (exit status \(status.map(String.init) ?? "unknown"))."
            )
        }
        return RunningEmulatorProgram(
            process: process, exited: exited, url: urls[0], authorURL: urls[1], previewURL: urls[2])
    }

    private static func encoded(_ launch: EmulatorLaunch) throws(Failure) -> Data {
        guard let data = try? JSONEncoder().encode(launch), data.count < 4096 else {
            throw Failure(.usage, "The emulator's settings are too long; use a shorter --content path.")
        }
        return data
    }

    /// The first `count` lines the program writes, without their newlines; fewer when it ends first.
    private static func firstLines(_ count: Int, of handle: FileHandle) async -> [String] {
        await onBlockingThread {
            var lines: [String] = []
            CompanionProgram.readLines(of: handle) { line in
                lines.append(String(decoding: line, as: UTF8.self))
                return lines.count < count
            }
            return lines
        }
    }
}

/// The emulator program running in the background.
package final class RunningEmulatorProgram: Sendable {
    private let process: Process
    private let exited: CompanionProgram.Exit
    /// The publish origin it listens on.
    package let url: URL
    /// The author origin it listens on.
    package let authorURL: URL
    /// The preview origin it listens on.
    package let previewURL: URL

    fileprivate init(process: Process, exited: CompanionProgram.Exit, url: URL, authorURL: URL, previewURL: URL) {
        self.process = process
        self.exited = exited
        self.url = url
        self.authorURL = authorURL
        self.previewURL = previewURL
    }

    /// Stops it (SIGTERM) and waits until it has exited.
    package func stop() async {
        await Self.stop(process, exited: exited)
    }

    /// Sends `process` SIGTERM and waits until `exited` records its exit.
    fileprivate static func stop(_ process: Process, exited: CompanionProgram.Exit) async {
        if process.isRunning { process.terminate() }
        await onBlockingThread { exited.wait() }
    }
}
