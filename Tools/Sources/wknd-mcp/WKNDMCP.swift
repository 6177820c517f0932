import AEMHeadless
import ArgumentParser
import Foundation
import MCP
import WKNDCore

/// `wknd-mcp`: the Model Context Protocol server of `wknd mcp`, over standard input and output, until input ends.
/// `wknd mcp` runs it in its place with the same arguments; it reads the service as every `wknd` command does
/// (options, environment, profile, configuration file, sign-in, the response cache, the built-in sample) or a mirror
/// with `--store`, and answers every call itself.
@main
struct WKNDMCP: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wknd-mcp",
        abstract: "The Model Context Protocol server of `wknd mcp` (see `wknd mcp --help`).",
        version: ToolIdentity.version)

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
        signal(SIGPIPE, SIG_IGN)
        try await CommandContext.run(options) { context in
            let locales = try context.configuration.resolved.locales()
            if isatty(STDIN_FILENO) != 0 {
                context.console.note(
                    "speaking the Model Context Protocol on standard input and output, for an AI agent to start "
                        + "(see wknd mcp --help); Ctrl-D ends it")
            }
            if let store {
                let mirror = try StoreOptions.open(store)
                try await serve(MCPTools(source: .mirror(mirror, folder: store), locales: locales), context)
            } else {
                try await context.withAem(caching: caching) { aem, cache in
                    try await serve(MCPTools(source: .service(aem, cache), locales: locales), context)
                }
            }
        }
    }

    /// Serves `tools`, with the author service's writing tools when writes are allowed.
    private func serve(_ tools: MCPTools, _ context: CommandContext) async throws {
        guard allowWrites else { return try await MCPServer(tools: tools).serve() }
        try await context.withAuthoring { services in
            var writing = tools
            writing.authoring = services
            try await MCPServer(tools: writing).serve()
        }
    }
}
