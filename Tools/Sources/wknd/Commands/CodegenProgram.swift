import CompanionLaunch
import Foundation
import WKNDCore

/// `aem-codegen`, the program beside `wknd` that parses and validates the queries, generates the
/// Swift and writes the files for `wknd codegen` (see `CodegenLaunch`), so that `wknd` does not
/// link GraphQL.
enum CodegenProgram {
    /// The program beside the running `wknd`, following symbolic links to where it is installed.
    static func location() throws(Failure) -> URL {
        try CompanionProgram.location(
            of: CodegenLaunch.programName, what: "the Swift generator")
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
        _ program: URL, _ launch: CodegenLaunch, file: @escaping @Sendable (_ name: String, _ written: Bool) -> Void,
        removed: @escaping @Sendable (_ name: String) -> Void = { _ in }
    ) async throws(Failure) -> CodegenLaunch.Report? {
        let name = CodegenLaunch.programName
        let (reports, status, unreadable) = try await exchange(program, launch) { report in
            switch report {
            case .file(let name, let written):
                file(name, written)
                return true
            case .removed(let name):
                removed(name)
                return true
            case .invalid, .cannotWrite:
                return false
            }
        }
        let files = reports.filter { if case .file = $0 { true } else { false } }.count
        if let ending = reports.last, Self.endsTheRun(ending), unreadable == nil { return ending }
        guard status == 0, unreadable == nil, files >= launch.queries.count else {
            let answer = unreadable.map { "; it answered \"\($0)\"" } ?? ""
            throw Failure(
                .internalError,
                "\(name) ended with exit status \(status) having generated \(files) of \(launch.queries.count) files\(answer). Install \(name) and wknd from the same build."
            )
        }
        return nil
    }

    /// Whether `report` is one that ends a generating run: a query that does not validate, a file not written.
    private static func endsTheRun(_ report: CodegenLaunch.Report) -> Bool {
        switch report {
        case .invalid, .cannotWrite: true
        case .file, .removed: false
        }
    }

    /// Validates every query of `launch` against its schema with `program`, writing nothing.
    ///
    /// - Returns: the problems of each query that does not validate (`.invalid` reports), in order; empty
    ///   when all do.
    static func validate(_ program: URL, _ launch: CodegenLaunch) async throws(Failure) -> [CodegenLaunch.Report] {
        var launch = launch
        launch.validateOnly = true
        let (reports, status, unreadable) = try await exchange(program, launch) { _ in true }
        guard unreadable == nil, status == 0 || (status == 65 && !reports.isEmpty) else {
            let answer = unreadable.map { "; it answered \"\($0)\"" } ?? ""
            throw Failure(
                .internalError,
                "\(CodegenLaunch.programName) ended with exit status \(status) while validating\(answer). Install it and wknd from the same build."
            )
        }
        return reports
    }

    /// Runs `program` on `launch` and reads its reports as they come, while `keepReading` says to.
    /// - Returns: the reports read, the exit status, and the first line that was not a report, if any.
    private static func exchange(
        _ program: URL, _ launch: CodegenLaunch,
        keepReading: @escaping @Sendable (CodegenLaunch.Report) -> Bool
    ) async throws(Failure) -> (reports: [CodegenLaunch.Report], status: Int32, unreadable: String?) {
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
        let (reports, unreadable) = await onBlockingThread { () -> ([CodegenLaunch.Report], String?) in
            var reports: [CodegenLaunch.Report] = []
            var unreadable: String?
            var reading = true
            func read(_ line: Data) {
                guard unreadable == nil, reading else { return }
                guard let report = try? JSONDecoder().decode(CodegenLaunch.Report.self, from: line) else {
                    unreadable = String(decoding: line.prefix(200), as: UTF8.self)
                    return
                }
                reports.append(report)
                reading = keepReading(report)
            }
            let rest = CompanionProgram.readLines(of: reader) { line in
                read(line)
                return true
            }
            if !rest.isEmpty { read(rest) }
            exited.wait()
            return (reports, unreadable)
        }
        return (reports, exited.status ?? -1, unreadable)
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
