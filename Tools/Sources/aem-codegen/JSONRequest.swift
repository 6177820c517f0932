import AEMCodegen
import CompanionLaunch
import Foundation

/// `aem-codegen --json-stdin`, as `wknd codegen` runs it: one `CodegenLaunch` as JSON on standard
/// input, then one `CodegenLaunch.Report` a line on standard output, written as each query is done.
/// Stops at the first query that fails, with the exit code the files mode would give; with
/// `validateOnly`, checks every query, reports each that fails, and writes nothing.
func answerJSONRequest() -> Never {
    let input = FileHandle.standardInput.readDataToEndOfFile()
    guard let launch = try? JSONDecoder().decode(CodegenLaunch.self, from: input) else {
        fail(
            "\(CodegenLaunch.option) reads the request `wknd codegen` writes on standard input; run `wknd codegen --help`.",
            64)
    }
    guard let access = CodegenOptions.AccessLevel(rawValue: launch.access.rawValue) else {
        fail("--access is public or internal, not \(launch.access.rawValue).", 64)
    }
    let directory = URL(fileURLWithPath: launch.output)
    var generation = ModelGeneration(
        options: checked(
            CodegenOptions(accessLevel: access, previews: launch.previews ?? false, scalars: launch.scalars ?? [:])))
    var failed = false
    var generatedNames: Set<String> = []
    for query in launch.queries {
        guard let schema = launch.schemas[query.schema] else {
            fail("the request names no schema \(query.schema) for \(query.path).", 64)
        }
        let input = CodegenInput(schema: schema, query: query.text, queryPath: query.path)
        let generated: GeneratedFile
        switch Result(catching: { () throws(CodegenError) in try generation.file(for: input) }) {
        case .success(let file): generated = file
        case .failure(let error):
            report(.invalid(path: query.path, inSchema: error.subject == .schema, description: error.description))
            guard launch.validateOnly == true else { exit(65) }
            failed = true
            continue
        }
        guard launch.validateOnly != true else { continue }
        generatedNames.insert(write(generated, into: directory))
    }
    if launch.validateOnly != true, !failed {
        for file in generation.sharedFiles() { generatedNames.insert(write(file, into: directory)) }
    }
    if launch.prune == true, launch.validateOnly != true {
        let configurations = Set(launch.queries.map { QueryFiles.configuration(of: $0.path) })
        do {
            let removed = try StaleFiles.remove(
                from: directory, keeping: generatedNames, configurations: configurations)
            for name in removed { report(.removed(name: name)) }
        } catch {
            report(.cannotWrite(name: launch.output, reason: "removing a stale file: \(error.localizedDescription)"))
            exit(73)
        }
    }
    exit(failed ? 65 : 0)
}

/// Writes `file` and reports it, or reports why not and ends the program (73).
/// - Returns: the file's name.
private func write(_ file: GeneratedFile, into directory: URL) -> String {
    do {
        report(.file(name: file.name, written: try file.write(into: directory)))
    } catch {
        report(.cannotWrite(name: file.name, reason: error.localizedDescription))
        exit(73)
    }
    return file.name
}

/// One report, a line of JSON, written at once (standard output is a pipe, which would buffer `print`).
private func report(_ report: CodegenLaunch.Report) {
    guard let json = try? JSONEncoder().encode(report) else { fail("cannot encode \(report).", 70) }
    FileHandle.standardOutput.write(json + Data("\n".utf8))
}
