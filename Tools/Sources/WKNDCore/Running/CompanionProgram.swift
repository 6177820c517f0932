import Foundation

/// The programs installed beside `wknd` that it runs for work it does not link: `wknd-serve` (the
/// AEM emulator) and `aem-codegen` (the Swift generator, with GraphQL).
package enum CompanionProgram {
    /// The program `name` beside the running `wknd`, following symbolic links to where it is
    /// installed. When it is not there, wknd fails with `unavailable` (69), sysexits' status for a
    /// support program that does not exist, whichever program it is.
    ///
    /// - Parameter what: the program's job, for the failure when it is not there (`the AEM emulator`).
    package static func location(of name: String, what: String) throws(Failure) -> URL {
        guard let folder = wknd?.deletingLastPathComponent() else {
            throw Failure(.internalError, "Cannot tell where wknd is installed, to find \(name).")
        }
        let program = folder.appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: program.path) else {
            throw Failure(
                .unavailable,
                "\(what.prefix(1).uppercased() + what.dropFirst()) is the program \(name), which is not beside wknd (\(program.path)): build it with `swift build` (all products) or `swift build --product \(name)`, and install it next to wknd."
            )
        }
        return program
    }

    /// The running `wknd`, links followed to where it is installed; nil when that cannot be told.
    package static var wknd: URL? {
        #if os(Linux)
        // The kernel's answer, already free of links; `Bundle.main` would read the whole folder.
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")).map { URL(fileURLWithPath: $0) }
        #else
        Bundle.main.executableURL?.resolvingSymlinksInPath()
        #endif
    }

    /// A process for `program` reading `input`, writing `output`, and sharing `wknd`'s stderr,
    /// with its exit recorded; not started yet.
    package static func process(_ program: URL, input: Any, output: Pipe) -> (Process, Exit) {
        let process = Process()
        process.executableURL = program
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        let exited = Exit()
        process.terminationHandler = { exited.record($0.terminationStatus) }
        return (process, exited)
    }

    /// Calls `body` with each line `handle` gives, without its newline, until the end or until
    /// `body` returns false; returns what came after the last newline. It blocks: call it with
    /// `onBlockingThread`.
    @discardableResult
    package static func readLines(of handle: FileHandle, _ body: (Data) -> Bool) -> Data {
        var bytes = Data()
        while true {
            while let end = bytes.firstIndex(of: UInt8(ascii: "\n")) {
                guard body(bytes[bytes.startIndex..<end]) else { return Data() }
                bytes = bytes[bytes.index(after: end)...]
            }
            let chunk = handle.availableData
            if chunk.isEmpty { return bytes }
            bytes.append(chunk)
        }
    }

    /// A program's exit status, recorded by its termination handler, once it has exited.
    package final class Exit: @unchecked Sendable {
        private let condition = NSCondition()
        private var value: Int32?

        package func record(_ status: Int32) {
            condition.withLock {
                value = status
                condition.broadcast()
            }
        }

        package var status: Int32? { condition.withLock { value } }

        package func wait() {
            condition.withLock { while value == nil { condition.wait() } }
        }
    }
}

/// The result of `work`, which blocks (reading a pipe, waiting for an exit), run on a thread of
/// its own rather than one of the few that run Swift tasks.
package func onBlockingThread<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: work()) }
    }
}
