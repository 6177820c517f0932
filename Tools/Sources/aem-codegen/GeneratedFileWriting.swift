import AEMCodegen
import CompanionLaunch
import Foundation

/// Generates the file for `input` into `output` and prints its path, as the files modes do. A query that does not
/// validate ends the program with `invalid` and the problems (65), a file that cannot be written with 73.
/// - Returns: the file's name.
func writeGeneratedFile(
    for input: CodegenInput, with generation: inout ModelGeneration, into output: URL, invalid: String
) -> String {
    switch Result(catching: { () throws(CodegenError) in try generation.file(for: input) }) {
    case .success(let file): return write(file, into: output)
    case .failure(let error): fail("\(invalid):\n\(error)", 65)
    }
}

/// Writes the configurations' shared types after the queries, as `writeGeneratedFile` writes a query's file.
/// - Returns: the files' names.
func writeSharedFiles(of generation: ModelGeneration, into output: URL) -> [String] {
    generation.sharedFiles().map { write($0, into: output) }
}

/// Writes `file` into `output` and prints its path (`(unchanged)` after it when the folder held these bytes already).
private func write(_ file: GeneratedFile, into output: URL) -> String {
    do {
        let written = try file.write(into: output)
        print(output.appendingPathComponent(file.name).path + (written ? "" : " (unchanged)"))
    } catch {
        fail("cannot write \(file.name) into \(output.path): \(error.localizedDescription)", 73)
    }
    return file.name
}

/// `options`, or the end of the program (64) when a mapped scalar's type is not a Swift type name.
func checked(_ options: CodegenOptions) -> CodegenOptions {
    let invalid = CodegenConfiguration.invalidScalarTypes(options.scalars)
    guard invalid.isEmpty else {
        fail(
            "the scalar mapping of \(invalid.joined(separator: ", ")) is not a Swift type name (such as MyApp.Settings).",
            64)
    }
    return options
}
