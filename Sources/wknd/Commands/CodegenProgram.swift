import CodegenLaunch
import Foundation

/// `aem-codegen`, the program beside `wknd` that parses and validates the queries, generates the
/// Swift and writes the files for `wknd codegen` (see `CodegenLaunch`), so that `wknd` does not
/// link GraphQL.
enum CodegenProgram {
    /// The program beside the running `wknd`, following symbolic links to where it is installed.
    static func location() throws(Failure) -> URL {
        try CompanionProgram.location(
            of: CodegenLaunch.programName, what: "the Swift generator", status: .configuration)
    }

    /// The variables of `wknd`'s environment the program is given: none that could hold a secret.
    static let environmentKept: Set<String> = [
        "PATH", "TMPDIR", "LANG", "LC_ALL", "LC_CTYPE", "LD_LIBRARY_PATH", "DYLD_LIBRARY_PATH", "DYLD_FRAMEWORK_PATH",
    ]

    /// Runs `program` on `launch`, calling `file` with each file as the program reports it.
    ///
    /// - Returns: the report that ended the run before its last query (`.invalid`,
    ///   `.cannotWrite`), or nil when every query was generated.
    static func run(
        _ program: URL, _ launch: CodegenLaunch, file: @escaping @Sendable (_ name: String, _ written: Bool) -> Void
    ) async throws(Failure) -> CodegenLaunch.Report? {
        let name = CodegenLaunch.programName
        guard let request = try? JSONEncoder().encode(launch) else {
            throw Failure(.internalError, "Cannot encode the request for \(name).")
        }
        let input = try requestFile(request)
        let output = Pipe()
        let (process, exited) = CompanionProgram.process(program, input: input, output: output)
        process.arguments = [CodegenLaunch.option]
        process.environment = ProcessInfo.processInfo.environment.filter { environmentKept.contains($0.key) }
        do {
            try process.run()
        } catch {
            try? input.close()
            throw Failure(.internalError, "Cannot start \(program.path): \(error.localizedDescription)")
        }
        try? input.close()
        let reader = output.fileHandleForReading
        let (ending, files, unreadable) = await onBlockingThread { () -> (CodegenLaunch.Report?, Int, String?) in
            var ending: CodegenLaunch.Report?
            var files = 0
            var unreadable: String?
            func read(_ line: Data) {
                guard unreadable == nil, ending == nil else { return }
                switch try? JSONDecoder().decode(CodegenLaunch.Report.self, from: line) {
                case .file(let name, let written):
                    files += 1
                    file(name, written)
                case .some(let report): ending = report
                case nil: unreadable = String(decoding: line.prefix(200), as: UTF8.self)
                }
            }
            let rest = CompanionProgram.readLines(of: reader) { line in
                read(line)
                return true
            }
            if !rest.isEmpty { read(rest) }
            exited.wait()
            return (ending, files, unreadable)
        }
        if let ending, unreadable == nil { return ending }
        let status = exited.status ?? -1
        guard status == 0, unreadable == nil, files == launch.queries.count else {
            let answer = unreadable.map { "; it answered \"\($0)\"" } ?? ""
            throw Failure(
                .internalError,
                "\(name) ended with exit status \(status) having generated \(files) of \(launch.queries.count) files\(answer). Install \(name) and wknd from the same build."
            )
        }
        return nil
    }

    /// The request in a file open for reading, and unlinked once open: the program's standard
    /// input, which it reads to the end before it writes anything, with no pipe to fill or break.
    private static func requestFile(_ request: Data) throws(Failure) -> FileHandle {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wknd-codegen-\(UUID().uuidString)")
        guard
            FileManager.default.createFile(atPath: url.path, contents: request, attributes: [.posixPermissions: 0o600])
        else {
            throw Failure(.cannotCreate, "Cannot write the request for \(CodegenLaunch.programName) into \(url.path).")
        }
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            return try FileHandle(forReadingFrom: url)
        } catch {
            throw Failure(.cannotCreate, "Cannot read back \(url.path): \(error.localizedDescription)")
        }
    }
}
