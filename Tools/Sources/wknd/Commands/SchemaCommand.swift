import AEMHeadless
import ArgumentParser
import Foundation
import WKNDCore

/// `wknd schema fetch <configuration>`: the GraphQL schema AEM generates for a configuration.
struct SchemaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Fetch the GraphQL schema of a configuration.",
        subcommands: [Fetch.self]
    )

    /// `wknd schema fetch <configuration> [--output FILE]`.
    struct Fetch: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "fetch",
            abstract:
                "Print or save a configuration's schema as SDL (GET /content/cq:graphql/<conf>/endpoint.GQLschema).",
            discussion: """
                With the same sign-in as every command (author needs credentials),
                for `wknd codegen --schema` or any GraphQL tool. Without --output the
                SDL goes to stdout.

                EXAMPLES
                  wknd schema fetch wknd-shared --output wknd-shared.graphqls
                  wknd schema fetch wknd-shared | grep 'type AdventureModel '
                """)

        @Argument(help: ArgumentHelp("The configuration, such as wknd-shared.", valueName: "configuration"))
        var configurationName: String

        @Option(name: .shortAndLong, help: ArgumentHelp("Write the SDL into this file instead.", valueName: "file"))
        var output: String?

        @OptionGroup var options: ServiceOptions

        func run() async throws {
            try await CommandContext.run(options) { context in
                let sdl = try await context.withAem { aem in
                    try await CodegenSources(aem: aem).schema(of: configurationName)
                }
                guard let output else {
                    Terminal.standardOutput.write(sdl.hasSuffix("\n") ? sdl : sdl + "\n")
                    return
                }
                try SavedFile.write(Data(sdl.utf8), to: URL(fileURLWithPath: output))
                context.console.note("wrote the schema of \(configurationName) into \(output)")
            }
        }
    }
}
