import AEMCodegen
import Foundation

/// Generates the file for `input` into `output` and prints its path (`(unchanged)` after it when the folder held
/// these bytes already), as the files modes do. A query that does not validate ends the program with `invalid`
/// and the problems (65), a file that cannot be written with 73.
/// - Returns: the file's name.
func writeGeneratedFile(for input: CodegenInput, into output: URL, invalid: String) -> String {
    let generated: GeneratedFile
    switch Result(catching: { () throws(CodegenError) in try GeneratedFile(for: input) }) {
    case .success(let file): generated = file
    case .failure(let error): fail("\(invalid):\n\(error)", 65)
    }
    do {
        let written = try generated.write(into: output)
        print(output.appendingPathComponent(generated.name).path + (written ? "" : " (unchanged)"))
    } catch {
        fail("cannot write \(generated.name) into \(output.path): \(error.localizedDescription)", 73)
    }
    return generated.name
}
