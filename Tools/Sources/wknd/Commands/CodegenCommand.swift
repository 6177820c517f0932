import AEMHeadless
import ArgumentParser
import CompanionLaunch
import Foundation
import WKNDCore

/// `wknd codegen`: typed Swift for persisted queries, from the configuration's schema and each
/// query's text, read from the service or from files. `aem-codegen`, the program beside `wknd`,
/// validates and generates (see `CodegenProgram`).
struct CodegenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "codegen",
        abstract: "Generate Swift models and typed requests for persisted queries.",
        discussion: """
            Writes one Swift file per query into --output: an enum named after the
            query (adventures-all gives AdventuresAllQuery) with request(...), a
            typed parameter per declared variable (optional where the query has a
            default or the type is nullable), and Decodable structs for exactly
            the selected fields. The enums, input objects (typed filters such as
            AdventureModelFilter) and named fragments the queries of a
            configuration use are written once, a file each, into the
            configuration's namespace (wknd-shared gives WkndSharedSchema:
            WkndSharedSchema.swift, WkndSharedSchema.AdventureModelFilter.swift).
            A selection that is just a fragment (items { ...Card }) has the
            fragment's type. The files import AEMHeadless.

            The schema comes from GET /content/cq:graphql/<conf>/endpoint.GQLschema
            on the service, or --schema FILE; each query's text from the service's
            GET /graphql/list.json, or --query-file FILE with --name <conf>/<name>.
            With neither queries nor files, every stored query of the service (or of
            --configuration) is generated. With only files, no service is contacted.

            Each written path is printed on stdout; a file whose bytes would not
            change is left alone. A query that does not validate against the schema
            fails with exit code 65 and its line and column.

            When every stored query is generated (no query named), the files in
            --output that this generator made for queries (and shared types) of
            the same configurations that are gone are removed, and named on
            stderr; only files with the generated header, never sub-folders or
            other files. --no-prune keeps them.

            --previews gives every generated struct `static var preview`, a value
            made without JSON for SwiftUI previews and tests.

            aem-codegen.json in the working directory (or --codegen-config FILE),
            which `wknd codegen init` writes, gives the defaults: output (the
            folder), queries (a folder of <conf>/<name>.graphql, as `wknd queries
            pull` writes it; absent: the service's stored queries), schemas (an SDL
            file per configuration; absent: the service's), access,
            pruneGeneratedFiles, previews, and scalars (the Swift type of a GraphQL
            scalar: {"Json": "MyApp.Settings"}). aem-codegen and the package plugin
            read the same file. Options override it.

            EXAMPLES
              wknd codegen init                               (writes aem-codegen.json; --force replaces it)
              wknd codegen                                    (as aem-codegen.json says)
              wknd codegen --output Sources/App/AEM           (every query of the service)
              wknd codegen wknd-shared/adventures-all --output Generated
              wknd codegen --schema wknd-shared.graphqls \\
                           --query-file queries/adventures-all.graphql \\
                           --name wknd-shared/adventures-all --output Generated
            """
    )

    @Argument(
        help: ArgumentHelp(
            "Persisted queries to generate, read from the service; or init, to write aem-codegen.json.",
            valueName: "conf/name"))
    var queries: [String] = []

    @Flag(help: "With init: replace an existing aem-codegen.json.")
    var force = false

    /// `wknd codegen init`: no query path is a single word.
    private var initializes: Bool { queries == ["init"] }

    @Option(
        help: ArgumentHelp(
            "The folder to write the Swift files into (default: the configuration file's output).", valueName: "dir"))
    var output: String?

    @Option(help: ArgumentHelp("Read the schema's SDL from this file instead of the service.", valueName: "file"))
    var schema: String?

    @Option(
        help: ArgumentHelp("Read a query's text from this file (repeat it; pair each with --name).", valueName: "file"))
    var queryFile: [String] = []

    @Option(help: ArgumentHelp("The <conf>/<name> of each --query-file, in the same order.", valueName: "conf/name"))
    var name: [String] = []

    @Option(
        name: .customLong("configuration"),
        help: ArgumentHelp("With no queries named: generate only this configuration's.", valueName: "conf"))
    var configurationName: String?

    @Option(help: "The access level of the generated declarations (default: the configuration file's, else public).")
    var access: CodegenLaunch.AccessLevel?

    @Flag(help: "Keep the generated files of queries that are gone (removed when every stored query is generated).")
    var noPrune = false

    @Flag(help: "Give every generated struct `static var preview`, for SwiftUI previews and tests.")
    var previews = false

    @Option(
        help: ArgumentHelp(
            "The codegen configuration file (default: ./\(CodegenConfiguration.fileName) when present).",
            valueName: "file"))
    var codegenConfig: String?

    @OptionGroup var options: ServiceOptions

    func validate() throws {
        guard queryFile.count == name.count else {
            throw ValidationError(
                "Give one --name <conf>/<name> for each --query-file (\(queryFile.count) files, \(name.count) names).")
        }
        if initializes { return }
        if force { throw ValidationError("--force goes with `wknd codegen init`.") }
        for path in queries + name where Self.split(path) == nil {
            throw ValidationError("'\(path)' is not <conf>/<name>, such as wknd-shared/adventures-all.")
        }
    }

    func run() async throws {
        if initializes { return try writeConfigurationFile() }
        try await CommandContext.run(options) { context in
            let file = try configurationFile()
            guard let output = output ?? file?.output else {
                throw Failure(
                    .usage,
                    "Give the folder to write into with --output DIR, or write \(CodegenConfiguration.fileName) with `wknd codegen init`."
                )
            }
            let settings = Settings(
                output: output, access: access ?? file?.access ?? .public,
                prunes: !noPrune && (file?.pruneGeneratedFiles ?? true) && queries.isEmpty && queryFile.isEmpty,
                previews: previews || (file?.previews ?? false), scalars: file?.scalars ?? [:])
            let generator = try CodegenProgram.location()
            var texts: [CodegenSources.StoredQuery] = []
            for (file, path) in zip(queryFile, name) {
                texts.append(.init(path: path, text: try Self.read(file, what: "the query file")))
            }
            if queries.isEmpty, queryFile.isEmpty, let folder = file?.queries {
                texts = try QueryFolder(folder).read()
                    .filter { configurationName == nil || $0.configuration == configurationName }
                    .map { .init(path: $0.path, text: $0.text) }
                guard !texts.isEmpty else {
                    throw Failure(
                        .configuration, "\(folder) holds no <configuration>/<name>.graphql files to generate.")
                }
            }
            let schemaText = try schema.map { try Self.read($0, what: "the schema file") }
            var schemas: [String: String] = [:]
            for (configuration, path) in file?.schemas ?? [:] where schemaText == nil {
                schemas[configuration] = try Self.read(path, what: "the schema file of \(configuration)")
            }
            let configurations = Set(texts.compactMap { Self.split($0.path)?.0 })
            if queries.isEmpty, !texts.isEmpty, schemaText != nil || configurations.isSubset(of: schemas.keys) {
                return try await write(
                    texts, with: generator, schemaText: schemaText, schemas: schemas, settings, context)
            }
            try await context.withAem { aem in
                let sources = CodegenSources(aem: aem)
                if texts.isEmpty || !queries.isEmpty { texts += try await fetchQueries(sources) }
                if schemaText == nil {
                    for configuration in Set(texts.compactMap { Self.split($0.path)?.0 }).sorted()
                    where schemas[configuration] == nil {
                        schemas[configuration] = try await sources.schema(of: configuration)
                    }
                }
                try await write(texts, with: generator, schemaText: schemaText, schemas: schemas, settings, context)
            }
        }
    }

    /// What the options and the configuration file decide together.
    private struct Settings {
        var output: String
        var access: CodegenLaunch.AccessLevel
        /// Whether the files of queries that are gone are removed: when every query is generated.
        var prunes: Bool
        var previews: Bool
        var scalars: [String: String]
    }

    /// `wknd codegen init`: `aem-codegen.json` (or `--codegen-config`'s file) with the defaults; an existing one is
    /// left alone unless `--force`.
    private func writeConfigurationFile() throws {
        let path = codegenConfig ?? CodegenConfiguration.fileName
        let console = Console(verbose: false)
        do {
            guard force || !FileManager.default.fileExists(atPath: path) else {
                throw Failure(.cannotCreate, "\(path) exists already; add --force to replace it.")
            }
            try SavedFile.write(Data(CodegenConfiguration.defaults.text.utf8), to: URL(fileURLWithPath: path))
        } catch let failure as Failure {
            console.report(failure)
            throw ExitCode(failure.status.rawValue)
        }
        console.note(
            "wrote \(path): output Sources/AEM, queries from aem/ (`wknd queries pull --into aem` fills it), schemas from the service"
        )
    }

    /// The configuration file named by `--codegen-config`, else `./aem-codegen.json` when there is one.
    private func configurationFile() throws -> CodegenConfiguration? {
        let path = codegenConfig ?? CodegenConfiguration.fileName
        guard codegenConfig != nil || FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            return try CodegenConfiguration.read(from: path)
        } catch {
            throw Failure(.configuration, error.description)
        }
    }

    /// The named queries, or every stored query (of `--configuration-name`) when none is named.
    private func fetchQueries(_ sources: CodegenSources) async throws -> [CodegenSources.StoredQuery] {
        if queries.isEmpty {
            let all = try await sources.queries(in: configurationName)
            guard !all.isEmpty else {
                throw Failure(
                    .unavailable, "The service has no persisted queries\(configurationName.map { " in \($0)" } ?? "").")
            }
            return all
        }
        var found: [CodegenSources.StoredQuery] = []
        var lists: [String: [CodegenSources.StoredQuery]] = [:]
        for path in queries {
            guard let (configuration, _) = Self.split(path) else { continue }
            if lists[configuration] == nil { lists[configuration] = try await sources.queries(in: configuration) }
            guard let query = lists[configuration]?.first(where: { $0.path == path }) else {
                throw Failure(
                    .unavailable,
                    "No persisted query \(path) on the service. `wknd codegen --configuration-name \(configuration)` generates all it has."
                )
            }
            found.append(query)
        }
        return found
    }

    /// Has `generator` generate and write each query, with `schemaText` (`--schema`) or the SDL
    /// `schemas` holds for its configuration, and prints each written path.
    private func write(
        _ texts: [CodegenSources.StoredQuery], with generator: URL, schemaText: String?,
        schemas fetched: [String: String], _ settings: Settings, _ context: CommandContext
    ) async throws {
        let output = settings.output
        var schemas: [String: String] = [:]
        var queries: [CodegenLaunch.Query] = []
        var missingSchema: Failure?
        for query in texts {
            let configuration = Self.split(query.path)?.0 ?? ""
            // One copy of --schema for every query; else the configuration's own.
            let key = schemaText == nil ? configuration : ""
            guard let sdl = schemaText ?? fetched[configuration] else {
                // The queries before it are still generated, as they were when wknd generated them itself.
                missingSchema = Failure(.configuration, "No schema for \(configuration); give it with --schema FILE.")
                break
            }
            schemas[key] = sdl
            queries.append(.init(path: query.path, text: query.text, schema: key))
        }
        if !queries.isEmpty {
            let directory = URL(fileURLWithPath: output)
            let launch = CodegenLaunch(
                schemas: schemas, queries: queries, output: directory.path, access: settings.access,
                prune: settings.prunes && missingSchema == nil, previews: settings.previews,
                scalars: settings.scalars.isEmpty ? nil : settings.scalars)
            let console = context.console
            let ending = try await CodegenProgram.run(generator, launch) { name, written in
                if !written { console.detail("\(name) unchanged") }
                Terminal.standardOutput.write(directory.appendingPathComponent(name).path + "\n")
            } removed: { name in
                console.note("removed \(directory.appendingPathComponent(name).path): no query generates it any more")
            }
            switch ending {
            case .invalid(let path, let inSchema, let description)?:
                throw Self.failure(description, inSchema: inSchema, queryPath: path)
            case .cannotWrite(let name, let reason)?:
                throw Failure(.cannotCreate, "Cannot write \(name) into \(output): \(reason)")
            case .file?, .removed?, nil: break
            }
        }
        if let missingSchema { throw missingSchema }
    }

    /// The one-line failure for a query that does not validate; `--verbose` lists every problem.
    private static func failure(_ description: String, inSchema: Bool, queryPath: String) -> Failure {
        let lines = description.split(separator: "\n").map(String.init)
        let more = lines.count > 1 ? " (and \(lines.count - 1) more; --verbose lists them)" : ""
        let subject =
            inSchema
            ? "The schema for \(queryPath) is not valid" : "\(queryPath) does not validate against the schema"
        return Failure(.badResponse, "\(subject): \(lines.first ?? "")\(more)", details: lines)
    }

    private static func read(_ path: String, what: String) throws -> String {
        do {
            return try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw Failure(.configuration, "Cannot read \(what) \(path): \(error.localizedDescription)")
        }
    }

    /// `conf/name` as its two parts.
    private static func split(_ path: String) -> (String, String)? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        return (String(parts[0]), String(parts[1]))
    }
}

extension CodegenLaunch.AccessLevel: ExpressibleByArgument {}
