import AEMHeadless
import ArgumentParser
import CompanionLaunch
import Foundation
import WKNDCore

extension QueriesCommand {
    /// `wknd queries push DIR [--dry-run] [--prune]`.
    struct Push: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "push",
            abstract: "Make the service's persisted queries match a folder.",
            discussion: """
                For the configurations the folder holds: PUT each query the service
                does not have, POST each whose text (or cache settings, when the
                service lists them) differs, and with --prune DELETE each the folder
                does not have. Nothing else is sent: a second push changes nothing
                and says so.

                Every query to write is first validated against the service's own
                schema (endpoint.GQLschema), by aem-codegen beside wknd; when one does
                not validate, each problem is printed as <conf>/<name>:<line>:<column>:
                message, nothing is written, and the exit code is 65.

                Each write is printed on stdout as it succeeds (created, updated,
                deleted conf/name). A write that fails ends the push with the
                failure's exit code, after a line that says what was written and
                what was not. Queries are stored on author; a publish service is
                read-only (77).

                EXAMPLES
                  wknd queries push aem --dry-run
                  wknd queries push aem --prune
                """)

        @Argument(help: ArgumentHelp("The folder of <configuration>/<name>.graphql files.", valueName: "dir"))
        var folder: String

        @Flag(help: "Say what would be written, and validate, but write nothing.")
        var dryRun = false

        @Flag(help: "Delete the service's queries that the folder does not have (in its configurations).")
        var prune = false

        @OptionGroup var options: ServiceOptions

        /// One write, in the order they are sent.
        private enum Write {
            case create(QueryFolder.Query)
            case update(QueryFolder.Query)
            case delete(QueryFolder.Query)

            var query: QueryFolder.Query {
                switch self {
                case .create(let query), .update(let query), .delete(let query): query
                }
            }

            var verb: String {
                switch self {
                case .create: "created"
                case .update: "updated"
                case .delete: "deleted"
                }
            }
        }

        func run() async throws {
            try await CommandContext.run(options) { context in
                let local = try QueryFolder(folder).read()
                guard !local.isEmpty else {
                    throw Failure(.usage, "\(folder) holds no <configuration>/<name>.graphql files to push.")
                }
                try await context.withAem { aem in
                    let stored = try await ServiceQueries.read(
                        from: aem, configurations: Set(local.map(\.configuration)))
                    let changes = QueryChanges(from: stored.queries, to: local, comparesCache: stored.listsCache)
                    var writes = changes.added.map(Write.create) + changes.changed.map { Write.update($0.new) }
                    if prune { writes += changes.removed.map(Write.delete) }
                    let kept = prune ? 0 : changes.removed.count
                    let keptNote = kept > 0 ? "; \(kept) on the service only, kept (--prune deletes them)" : ""
                    guard !writes.isEmpty else {
                        context.console.note(
                            "nothing to push: \(changes.unchanged) quer\(changes.unchanged == 1 ? "y matches" : "ies match")\(keptNote)"
                        )
                        return
                    }
                    try await validate(
                        writes.compactMap { if case .delete = $0 { nil } else { $0.query } }, on: aem, context)
                    if dryRun {
                        Terminal.standardOutput.write(writes.map { "would be \($0.verb): \($0.query.path)\n" }.joined())
                        context.console.note("dry run: nothing written; \(changes.unchanged) unchanged\(keptNote)")
                        return
                    }
                    try await apply(writes, on: aem, context)
                    let counts = ["created", "updated", "deleted"].map { verb in
                        "\(writes.filter { $0.verb == verb }.count) \(verb)"
                    }
                    context.console.note(
                        "pushed: \(counts.joined(separator: ", ")); \(changes.unchanged) unchanged\(keptNote)")
                }
            }
        }

        /// Validates `queries` against their configurations' schemas on the service, all at once.
        private func validate(_ queries: [QueryFolder.Query], on aem: Aem, _ context: CommandContext) async throws {
            guard !queries.isEmpty else { return }
            let sources = CodegenSources(aem: aem)
            var schemas: [String: String] = [:]
            for configuration in Set(queries.map(\.configuration)).sorted() {
                schemas[configuration] = try await sources.schema(of: configuration)
            }
            let launch = CodegenLaunch(
                schemas: schemas,
                queries: queries.map { .init(path: $0.path, text: $0.text, schema: $0.configuration) },
                output: FileManager.default.temporaryDirectory.path, access: .public)
            let problems = try await CodegenProgram.validate(try CodegenProgram.location(), launch)
            guard !problems.isEmpty else { return }
            for case .invalid(let path, let inSchema, let description) in problems {
                if inSchema { context.console.note("the schema for \(path) does not parse:") }
                for line in description.split(separator: "\n") { context.console.note(String(line)) }
            }
            throw Failure(
                .badResponse,
                "\(problems.count) of \(queries.count) queries do not validate against the service's schema; nothing was written."
            )
        }

        /// Sends `writes` in order; on a failure, says what was written and what was not, then fails.
        private func apply(_ writes: [Write], on aem: Aem, _ context: CommandContext) async throws {
            for (index, write) in writes.enumerated() {
                do {
                    switch write {
                    case .create(let query): try await aem.persist(query.text, as: query.path, caching: query.cache)
                    case .update(let query):
                        try await aem.persist(query.text, as: query.path, caching: query.cache, replacing: true)
                    case .delete(let query): try await aem.deletePersistedQuery(query.path)
                    }
                } catch {
                    let done = writes[..<index].map { "\($0.verb) \($0.query.path)" }
                    let left = writes[index...].map(\.query.path)
                    context.console.warning(
                        "pushed \(index) of \(writes.count) writes before failing at \(write.query.path)"
                            + (done.isEmpty ? "" : " (\(done.joined(separator: ", ")))")
                            + "; not written: \(left.joined(separator: ", "))")
                    throw error
                }
                Terminal.standardOutput.write("\(write.verb) \(write.query.path)\n")
            }
        }
    }
}
