import AEMCodegen
import CompanionLaunch
import Foundation

/// `aem-codegen` with no arguments (with `./aem-codegen.json`) or `--config FILE`, as the package plugin runs it:
/// every query of the file's `queries` folder, each with its configuration's schema file, into `output`; then the
/// generated files of queries and shared types that are gone are removed unless `pruneGeneratedFiles` is false.
func runConfigured(_ path: String) -> Never {
    let configuration: CodegenConfiguration
    do {
        configuration = try CodegenConfiguration.read(from: path)
    } catch {
        fail(error.description, 64)
    }
    guard let folder = configuration.queries else {
        fail("\(path) names no \"queries\" folder; aem-codegen reads queries from files only.", 64)
    }
    guard let files = QueryFiles.list(in: URL(fileURLWithPath: folder)), !files.isEmpty else {
        fail("\(folder) holds no <configuration>/<name>.graphql files.", 66)
    }
    guard let access = CodegenOptions.AccessLevel(rawValue: (configuration.access ?? .public).rawValue) else {
        fail("access is public or internal.", 64)
    }
    let output = URL(fileURLWithPath: configuration.output)
    var generation = ModelGeneration(
        options: checked(
            CodegenOptions(
                accessLevel: access, previews: configuration.previews ?? false, scalars: configuration.scalars ?? [:])))
    var schemas: [String: String] = [:]
    var generated: Set<String> = []
    for (queryPath, file) in files {
        let queryConfiguration = QueryFiles.configuration(of: queryPath)
        if schemas[queryConfiguration] == nil {
            guard let schemaPath = configuration.schemas?[queryConfiguration] else {
                fail(
                    "\(path) has no schema file for \(queryConfiguration): add \"schemas\": {\"\(queryConfiguration)\": \"FILE\"} (`wknd schema fetch \(queryConfiguration) --output FILE` writes it).",
                    64)
            }
            guard let schema = try? String(contentsOfFile: schemaPath, encoding: .utf8) else {
                fail("cannot read the schema \(schemaPath).", 66)
            }
            schemas[queryConfiguration] = schema
        }
        guard let text = try? String(contentsOf: file, encoding: .utf8), let schema = schemas[queryConfiguration] else {
            fail("cannot read the query \(file.path).", 66)
        }
        let input = CodegenInput(schema: schema, query: text, queryPath: queryPath)
        generated.insert(
            writeGeneratedFile(
                for: input, with: &generation, into: output, invalid: "\(file.path) does not validate"))
    }
    generated.formUnion(writeSharedFiles(of: generation, into: output))
    if configuration.pruneGeneratedFiles ?? true {
        do {
            let removed = try StaleFiles.remove(
                from: output, keeping: generated, configurations: Set(schemas.keys))
            for name in removed { print("removed " + output.appendingPathComponent(name).path) }
        } catch {
            fail("cannot remove a stale file from \(output.path): \(error.localizedDescription)", 73)
        }
    }
    exit(0)
}
