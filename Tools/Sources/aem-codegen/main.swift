import AEMCodegen
import CompanionLaunch
import Foundation

/// `aem-codegen`: the Swift generator for AEM persisted queries over files only, for the
/// `generate-aem-models` package plugin (and anyone without `wknd`), and the program `wknd codegen`
/// runs beside itself (`--json-stdin`, see `CodegenLaunch`), so that `wknd` does not link GraphQL.
let usage = """
    usage: aem-codegen --schema FILE --output DIR [--conf NAME] [--access public|internal]
                       [--previews] [--scalar NAME=TYPE]... QUERY_FILE...
           aem-codegen [--config FILE]
           aem-codegen --json-stdin

    Writes one Swift file per persisted query into DIR: typed request factories and Decodable
    models for the selected fields. The enums, input objects and named fragments the queries of
    a configuration use are written once, a file each, into its namespace (wknd-shared gives
    WkndSharedSchema). Each QUERY_FILE holds one query's GraphQL text; its file name without
    extension is the query's name, and its folder's name the configuration unless --conf names
    it (wknd-shared/adventures-all.graphql is the query wknd-shared/adventures-all).
    FILE is the configuration's schema as SDL (GET /content/cq:graphql/<NAME>/endpoint.GQLschema).
    --previews gives every struct `static var preview`; --scalar Json=MyApp.Settings makes a
    GraphQL scalar that Swift type.

    With no arguments, as ./aem-codegen.json says (or --config FILE; `wknd codegen init` writes one):
    every <conf>/<name>.graphql of its "queries" folder, with the schema file "schemas" names for its
    configuration, into "output"; then the generated files of queries and shared types that are
    gone are removed, unless "pruneGeneratedFiles" is false. "previews" and "scalars" are the
    options of the same names.

    With --json-stdin, as `wknd codegen` runs it, the schemas and queries come as one JSON request
    on standard input and each result is a line of JSON on standard output.

    Exit codes: 0 success, 64 usage error, 65 a schema or query that does not validate,
    66 an input file that cannot be read, 73 an output file that cannot be written.
    """

func fail(_ message: String, _ code: Int32) -> Never {
    FileHandle.standardError.write(Data("aem-codegen: \(message)\n".utf8))
    exit(code)
}

if CommandLine.arguments.count == 2, CommandLine.arguments[1] == CodegenLaunch.option {
    answerJSONRequest()
}
if CommandLine.arguments.count == 1, FileManager.default.fileExists(atPath: CodegenConfiguration.fileName) {
    runConfigured(CodegenConfiguration.fileName)
}
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--config" {
    runConfigured(CommandLine.arguments[2])
}

var schemaPath: String?
var configuration: String?
var output: String?
var access = CodegenOptions.AccessLevel.public
var previews = false
var scalars: [String: String] = [:]
var queryFiles: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    func value() -> String {
        guard let next = arguments.popFirst() else { fail("\(argument) needs a value.\n\(usage)", 64) }
        return next
    }
    switch argument {
    case "--schema": schemaPath = value()
    case "--conf": configuration = value()
    case "--output": output = value()
    case "--access":
        let text = value()
        guard let level = CodegenOptions.AccessLevel(rawValue: text) else {
            fail("--access is public or internal, not \(text).", 64)
        }
        access = level
    case "--previews": previews = true
    case "--scalar":
        let text = value()
        let parts = text.split(separator: "=", maxSplits: 1)
        guard parts.count == 2 else { fail("--scalar is NAME=TYPE, such as Json=MyApp.Settings, not \(text).", 64) }
        scalars[String(parts[0])] = String(parts[1])
    case "-h", "--help":
        print(usage)
        exit(0)
    default:
        if argument.hasPrefix("-") { fail("unknown option \(argument).\n\(usage)", 64) }
        queryFiles.append(argument)
    }
}
guard let schemaPath, let output, !queryFiles.isEmpty else {
    fail("give --schema, --output and at least one query file.\n\(usage)", 64)
}
guard let schema = try? String(contentsOfFile: schemaPath, encoding: .utf8) else {
    fail("cannot read the schema \(schemaPath).", 66)
}
let outputFolder = URL(fileURLWithPath: output)
var generation = ModelGeneration(
    options: checked(CodegenOptions(accessLevel: access, previews: previews, scalars: scalars)))
for file in queryFiles {
    guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
        fail("cannot read the query \(file).", 66)
    }
    let url = URL(fileURLWithPath: file)
    let name = url.deletingPathExtension().lastPathComponent
    let folder = url.deletingLastPathComponent().lastPathComponent
    let queryConfiguration = configuration ?? folder
    let input = CodegenInput(schema: schema, query: text, queryPath: "\(queryConfiguration)/\(name)")
    _ = writeGeneratedFile(
        for: input, with: &generation, into: outputFolder,
        invalid: "\(file) does not validate against \(schemaPath)")
}
_ = writeSharedFiles(of: generation, into: outputFolder)
