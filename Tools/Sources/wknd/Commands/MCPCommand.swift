import AEMHeadless
import ArgumentParser
import Foundation
import WKNDCore

/// `wknd mcp`: a Model Context Protocol server on standard input and output, for AI agents: the models, fragments,
/// persisted queries and schemas of the configured AEM service, or of a mirror with no network. It checks its
/// options, then runs the program `wknd-mcp` in its place, with the same arguments.
struct MCPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve AEM content, models and persisted queries to AI agents (Model Context Protocol over stdio).",
        discussion: """
            An AI agent (Claude, Cursor, VS Code and others) starts `wknd mcp` and
            speaks the Model Context Protocol on its standard input and output;
            messages go to stderr. It stops when standard input ends. docs/mcp.md
            shows the configuration for common agents.

            TOOLS (read-only)
              list_models             models with their fields and types
              list_fragments          fragments below a folder, a page at a time
              get_fragment            one fragment by id or path, with references
              search_fragments        full-text search of a mirror, best first
              list_persisted_queries  stored queries with their text and variables
              run_persisted_query     a query's data; all: true follows its pages
              get_schema              the SDL of a configuration
            TOOLS (with --allow-writes: the author service, AEM_AUTHOR_HOST)
              get_authored_fragment   a fragment on author, with its etag
              patch_fragment          fields changed by name, under that etag
              create_fragment         a new fragment of a model in a folder
              publish_fragments       fragments published, each with its etag
              unpublish_fragments     fragments taken off publish
            RESOURCES
              aem://fragment/<path>  aem://schema/<conf>  aem://query/<conf>/<name>

            With --store DIR it answers from a folder `wknd sync DIR` filled, with
            no network (list_persisted_queries, run_persisted_query and
            get_schema then need the service). Otherwise it reads the service as
            every command does: options, environment, profile, configuration
            file, sign-in, the response cache, and the built-in sample service
            when no host is set. Standard input carries the protocol, so
            --password-stdin cannot be used: set AEM_PASSWORD instead.

            A failed call is answered as a tool error with the one line the
            command line would print; the server goes on.

            EXAMPLES
              wknd mcp                                   (the built-in sample)
              wknd mcp --store wknd-mirror               (a mirror, offline)
              wknd mcp --allow-writes                    (the sample, writable)
              wknd mcp --profile prod-publish
              claude mcp add wknd -- wknd mcp --store ~/wknd-mirror
            """
    )

    @Option(help: ArgumentHelp("Answer from this synced folder (`wknd sync DIR`), with no network.", valueName: "dir"))
    var store: String?

    @Flag(help: "Offer the tools that change content on the author service (AEM_AUTHOR_HOST, or the built-in sample).")
    var allowWrites = false

    @OptionGroup var options: ServiceOptions

    @OptionGroup(title: "Response cache") var caching: CacheOptions

    func validate() throws {
        if options.common.passwordStdin {
            throw ValidationError(
                "--password-stdin reads standard input, which carries the protocol: set AEM_PASSWORD, or keep the password in the configuration file."
            )
        }
    }

    func run() async throws {
        do {
            try MCPProgram.run(arguments: Self.arguments(in: CommandLine.arguments))
        } catch {
            let console = Console(verbose: options.common.verbose)
            console.report(error)
            throw ExitCode(error.status.rawValue)
        }
    }

    /// The arguments that follow `mcp` on `wknd`'s command line, which `wknd-mcp` is given.
    static func arguments(in commandLine: [String]) -> [String] {
        guard let index = commandLine.dropFirst().firstIndex(of: "mcp") else { return [] }
        return Array(commandLine[(index + 1)...])
    }
}
