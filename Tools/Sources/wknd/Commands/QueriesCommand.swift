import AEMHeadless
import ArgumentParser
import Foundation
import WKNDCore

/// `wknd queries list | show | persist`: the persisted queries stored on the service.
struct QueriesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "queries",
        abstract: "List, show and persist the service's persisted queries; pull, diff and push a folder of them.",
        discussion: """
            EXAMPLES
              wknd queries list
              wknd queries list wknd-shared --json | jq -r '.[].name'
              wknd queries show wknd-shared/adventures-all
              wknd queries persist wknd-shared/by-activity by-activity.graphql --max-age 300
              wknd queries persist wknd-shared/by-activity by-activity.graphql --update
              wknd queries pull --into aem            # aem/<configuration>/<name>.graphql
              wknd queries diff aem                   # what push would change; exit 1 when anything
              wknd queries push aem --prune           # the service matches the folder
            """,
        subcommands: [List.self, Show.self, Persist.self, Pull.self, Diff.self, Push.self]
    )

    /// `wknd queries list [<configuration>]`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the persisted queries (GET /graphql/list.json).",
            discussion: """
                A table of configuration, name and short path. --json prints one
                array; each element has configuration, name, shortPath, longPath
                and query (the stored GraphQL text), null when AEM did not send it.
                """)

        @Argument(help: ArgumentHelp("Only this configuration's queries.", valueName: "configuration"))
        var configurationName: String?

        @Flag(help: "Print JSON instead of a table.")
        var json = false

        @OptionGroup var options: ServiceOptions

        func run() async throws {
            try await CommandContext.run(options) { context in
                let entries = try await context.withAem { aem in
                    try await aem.persistedQueries(configuration: configurationName)
                }
                let terminal = Terminal.standardOutput
                if json {
                    terminal.write(try JSONOutput.text(entries.map(Entry.init)))
                    return
                }
                guard !entries.isEmpty else { return context.console.note("no persisted queries") }
                let table = TableRenderer(
                    columns: [
                        .init(header: "CONFIGURATION"), .init(header: "NAME", shrinkPriority: 1),
                        .init(header: "PATH", shrinkPriority: 2),
                    ],
                    width: terminal.width, usesColor: terminal.usesColor)
                terminal.write(table.render(entries.map { [$0.configuration, $0.name, $0.shortPath] }))
            }
        }

        /// One element of `--json`.
        struct Entry: Encodable {
            var configuration: String
            var name: String
            var shortPath: String
            var longPath: String?
            var query: String?

            init(_ entry: PersistedQueryEntry) {
                configuration = entry.configuration
                name = entry.name
                shortPath = entry.shortPath
                longPath = entry.longPath
                query = entry.text
            }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(configuration, forKey: .configuration)
                try container.encode(name, forKey: .name)
                try container.encode(shortPath, forKey: .shortPath)
                try container.encode(longPath, forKey: .longPath)
                try container.encode(query, forKey: .query)
            }

            enum CodingKeys: String, CodingKey { case configuration, name, shortPath, longPath, query }
        }
    }

    /// `wknd queries show <configuration>/<name>`.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Print a persisted query's stored GraphQL text.",
            discussion: "A query that does not exist: one line on stderr, exit code 69.")

        @Argument(help: ArgumentHelp("The persisted query.", valueName: "configuration/name"))
        var path: String

        @OptionGroup var options: ServiceOptions

        func validate() throws {
            guard QueryPath.isValid(path) else {
                throw ValidationError("Give the query as <configuration>/<name>.")
            }
        }

        func run() async throws {
            try await CommandContext.run(options) { context in
                let text = try await context.withAem { aem in try await aem.persistedQueryText(path) }
                Terminal.standardOutput.write(text.hasSuffix("\n") ? text : text + "\n")
            }
        }
    }

    /// `wknd queries persist <configuration>/<name> FILE`.
    struct Persist: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "persist",
            abstract: "Store a GraphQL query as a persisted query (PUT, or POST with --update).",
            discussion: """
                Reads the query from FILE (- for standard input) and stores it under
                <configuration>/<name>: PUT /graphql/persist.json/… creates it, and
                with --update POST replaces an existing one. --max-age and
                --s-maxage set the cache lifetimes AEM sends with its answers.
                Queries are stored on author; a publish service is read-only.

                Failures: the name exists (exit 73; add --update), no query of that
                name to update (69; drop --update), AEM refuses the query (65,
                with AEM's message), the service does not store queries (77).
                """)

        @Argument(help: ArgumentHelp("The persisted query to store.", valueName: "configuration/name"))
        var path: String

        @Argument(help: ArgumentHelp("The file with the GraphQL text, or - for standard input.", valueName: "file"))
        var file: String

        @Option(help: ArgumentHelp("Seconds clients may keep an answer (cache-control max-age).", valueName: "seconds"))
        var maxAge: Int?

        @Option(
            name: .customLong("s-maxage"),
            help: ArgumentHelp("Seconds a CDN may keep an answer (surrogate-control max-age).", valueName: "seconds"))
        var sharedMaxAge: Int?

        @Flag(help: "Replace an existing query (POST) instead of creating a new one (PUT).")
        var update = false

        @OptionGroup var options: ServiceOptions

        func validate() throws {
            guard QueryPath.isValid(path) else {
                throw ValidationError("Give the query as <configuration>/<name>.")
            }
            if let maxAge, maxAge < 0 { throw ValidationError("--max-age must be 0 or more.") }
            if let sharedMaxAge, sharedMaxAge < 0 { throw ValidationError("--s-maxage must be 0 or more.") }
        }

        func run() async throws {
            try await CommandContext.run(options) { context in
                let text = try readQuery()
                let cache =
                    maxAge == nil && sharedMaxAge == nil
                    ? nil : QueryCacheSettings(maxAge: maxAge, sharedMaxAge: sharedMaxAge)
                let outcome = try await context.withAem { aem in
                    do {
                        return try await aem.persist(text, as: path, caching: cache, replacing: update)
                    } catch let error as AemError where error.kind == .queryAlreadyExists {
                        throw Failure(
                            .cannotCreate, error.message + " Add --update to replace it.",
                            details: Failure.details(of: error))
                    } catch let error as AemError where error.kind == .queryNotFound {
                        throw Failure(
                            .unavailable, error.message + " Leave out --update to create it.",
                            details: Failure.details(of: error))
                    }
                }
                context.console.note("\(outcome.action == .create ? "created" : "updated") \(outcome.shortPath)")
            }
        }

        private func readQuery() throws -> String {
            let data: Data? =
                file == "-"
                ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: file)
            guard let data else { throw Failure(.configuration, "Cannot read the query file \(file); check the path.") }
            let text = String(decoding: data, as: UTF8.self)
            guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw Failure(.usage, "The query file \(file) is empty.")
            }
            return text
        }
    }
}
