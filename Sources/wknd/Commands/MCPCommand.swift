import AEMHeadless
import ArgumentParser
import Foundation
import MCPBridge

/// `wknd mcp`: a Model Context Protocol server on standard input and output, for AI agents: the models, fragments,
/// persisted queries and schemas of the configured AEM service, or of a mirror with no network. It checks its
/// options, then runs the program `wknd-mcp` in its place (see MCPBridge).
struct MCPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve AEM content, models and persisted queries to AI agents (Model Context Protocol over stdio).",
        discussion: """
            An AI agent (Claude, Cursor, VS Code and others) starts `wknd mcp` and
            speaks the Model Context Protocol on its standard input and output;
            messages go to stderr. It stops when standard input ends. docs/mcp.md
            shows the configuration for common agents.

            TOOLS (all read-only)
              list_models             models with their fields and types
              list_fragments          fragments below a folder, a page at a time
              get_fragment            one fragment by id or path, with references
              search_fragments        full-text search of a mirror, best first
              list_persisted_queries  stored queries with their text and variables
              run_persisted_query     a query's data; all: true follows its pages
              get_schema              the SDL of a configuration
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
              wknd mcp --profile prod-publish
              claude mcp add wknd -- wknd mcp --store ~/wknd-mirror
            """
    )

    @Option(help: ArgumentHelp("Answer from this synced folder (`wknd sync DIR`), with no network.", valueName: "dir"))
    var store: String?

    @Flag(help: .hidden)
    var bridge = false

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
        if bridge { return try await serveBridge() }
        try await CommandContext.run(options) { context in
            // What would stop the bridge is reported here, as by any command, before the agent sees a server.
            if let store {
                _ = try StoreOptions.open(store)
            } else {
                _ = try context.configuration.resolved.service()
            }
            if isatty(STDIN_FILENO) != 0 {
                context.console.note(
                    "speaking the Model Context Protocol on standard input and output, for an AI agent to start "
                        + "(see wknd mcp --help); Ctrl-D ends it")
            }
            try MCPProgram.run(arguments: Self.arguments(in: CommandLine.arguments))
        }
    }

    /// The arguments that follow `mcp` on `wknd`'s command line, which the bridge is given too.
    static func arguments(in commandLine: [String]) -> [String] {
        guard let index = commandLine.dropFirst().firstIndex(of: "mcp") else { return [] }
        return Array(commandLine[(index + 1)...])
    }

    /// `--bridge`: answers `wknd-mcp`'s requests from the mirror or the service until standard input ends.
    private func serveBridge() async throws {
        try await CommandContext.run(options) { context in
            do {
                let locales = try context.configuration.resolved.locales()
                if let store {
                    let mirror = try StoreOptions.open(store)
                    await MCPBridgeHost(tools: MCPTools(source: .mirror(mirror, folder: store), locales: locales))
                        .serve()
                } else {
                    try await context.withAem(caching: caching) { aem, cache in
                        await MCPBridgeHost(tools: MCPTools(source: .service(aem, cache), locales: locales)).serve()
                    }
                }
            } catch {
                // wknd-mcp answers every call with this line from now on.
                MCPReplyWriter.standardOutput.write(MCPBridge.Reply(id: 0, error: Failure(error).line))
                throw error
            }
        }
    }
}
