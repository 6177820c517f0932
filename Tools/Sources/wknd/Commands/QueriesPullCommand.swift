import AEMHeadless
import ArgumentParser
import WKNDCore

extension QueriesCommand {
    /// `wknd queries pull [<configuration>] --into DIR`.
    struct Pull: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "pull",
            abstract: "Write the service's persisted queries into a folder, one file each.",
            discussion: """
                Writes each stored query as <DIR>/<configuration>/<name>.graphql, its
                text exactly as the service stores it, and <name>.json beside it
                with its cache settings ({"cache-control": {"max-age": …},
                "surrogate-control": {"max-age": …}}) when the service lists any.
                Files already there are replaced; files of queries the service does
                not have are left alone. The files written are printed on stdout,
                one a line.

                EXAMPLES
                  wknd queries pull --into aem
                  wknd queries pull wknd-shared --into aem
                """)

        @Argument(help: ArgumentHelp("Only this configuration's queries.", valueName: "configuration"))
        var configurationName: String?

        @Option(help: ArgumentHelp("The folder to write into (created when missing).", valueName: "dir"))
        var into = "aem"

        @OptionGroup var options: ServiceOptions

        func run() async throws {
            try await CommandContext.run(options) { context in
                let stored = try await context.withAem { aem in
                    try await ServiceQueries.read(from: aem, configurations: configurationName.map { [$0] })
                }
                let folder = QueryFolder(into)
                let written = try folder.write(stored.queries)
                Terminal.standardOutput.write(
                    written.map { folder.url.appendingPathComponent($0).path + "\n" }.joined())
                context.console.note(
                    "pulled \(stored.queries.count) quer\(stored.queries.count == 1 ? "y" : "ies") into \(folder.url.path)"
                )
            }
        }
    }
}
