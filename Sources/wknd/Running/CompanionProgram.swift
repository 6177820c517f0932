import Foundation

/// The programs installed beside `wknd` that it runs for work it does not link: `wknd-serve` (the
/// AEM emulator) and `aem-codegen` (the Swift generator, with GraphQL).
enum CompanionProgram {
    /// The program `name` beside the running `wknd`, following symbolic links to where it is
    /// installed; `missing` is the failure when it is not there, given its expected path.
    static func location(of name: String, missing: (String) -> Failure) throws(Failure) -> URL {
        #if os(Linux)
        // The kernel's answer, already free of links; `Bundle.main` would read the whole folder.
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")).map {
            URL(fileURLWithPath: $0)
        }
        #else
        let executable = Bundle.main.executableURL?.resolvingSymlinksInPath()
        #endif
        guard let folder = executable?.deletingLastPathComponent() else {
            throw Failure(.internalError, "Cannot tell where wknd is installed, to find \(name).")
        }
        let program = folder.appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: program.path) else { throw missing(program.path) }
        return program
    }

    /// A program's exit status, recorded by its termination handler, once it has exited.
    final class Exit: @unchecked Sendable {
        private let condition = NSCondition()
        private var value: Int32?

        func record(_ status: Int32) {
            condition.withLock {
                value = status
                condition.broadcast()
            }
        }

        var status: Int32? { condition.withLock { value } }

        func wait() {
            condition.withLock { while value == nil { condition.wait() } }
        }
    }
}

/// The result of `work`, which blocks (reading a pipe, waiting for an exit), run on a thread of
/// its own rather than one of the few that run Swift tasks.
func onBlockingThread<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: work()) }
    }
}
