import AEMEmulator
import AEMHeadless
import ArgumentParser
import Foundation

/// `wknd serve`: a local stand-in for AEM publish in the foreground, serving the built-in sample or a
/// project's own content package, for trying `wknd` and apps without an AEM service.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run a local stand-in for AEM publish, with the built-in sample or your content package.",
        discussion: """
            Serves a content package (FileVault jcr_root folder, as in an AEM project's
            ui.content/src/main/content/jcr_root): its persisted queries run with real
            GraphQL over the schema AEM generates from its Content Fragment Models, and
            its assets are served at their _path and _dynamicUrl. Without --content it
            serves the built-in sample (20 WKND adventures).

            Prints the URL to use on stdout, logs each request on stderr, and stops
            cleanly on Ctrl-C. It listens on loopback unless --bind says otherwise.
            With --auth basic or token (or AEM_AUTH_TYPE), every request must carry
            those credentials, as on AEM author.

            ENDPOINTS
              GET      /graphql/execute.json/<conf>/<query>;<name>=<value>;...
              GET      /graphql/list.json[/<conf>]
              PUT|POST /graphql/persist.json/<conf>/<query>    (create | update)
              GET      /content/cq:graphql/<conf>/endpoint.GQLschema
              POST     /content/_cq_graphql/<conf>/endpoint.json (with --graphql-endpoint)

            EXAMPLES
              wknd serve --port 4503
              AEM_SCHEME=http AEM_HOST=127.0.0.1:4503 wknd list
              wknd serve --content ui.content/src/main/content/jcr_root
              wknd serve --port 0 --no-dynamic-url
              AEM_TOKEN=dev-token wknd serve --auth token
            """
    )

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 4503

    @Option(help: ArgumentHelp("The address to listen on.", valueName: "address"))
    var bind = "127.0.0.1"

    @Option(
        help: ArgumentHelp(
            "The jcr_root folder of a content package to serve instead of the built-in sample.", valueName: "jcr_root"))
    var content: String?

    @Flag(help: "Answer _dynamicUrl with null, as the local AEM SDK does, so clients use _path.")
    var noDynamicUrl = false

    @Flag(help: "Answer ad-hoc queries at /content/_cq_graphql/<conf>/endpoint.json (publish blocks them).")
    var graphqlEndpoint = false

    @OptionGroup var options: CommonOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
    }

    func run() async throws {
        try await CommandContext.run(options) { context in
            let console = context.console
            let authentication = try context.configuration.resolved.authentication()
            let served = try loadContent()
            let options = EmulatorOptions(
                dynamicURLs: !noDynamicUrl,
                authentication: try Self.emulatorAuthentication(authentication),
                content: served.content,
                allowsAdHocQueries: graphqlEndpoint,
                requestLog: { record in
                    let milliseconds = record.duration / .milliseconds(1)
                    console.note(
                        "\(record.method) \(record.target) \(record.status) \(String(format: "%.1f", milliseconds)) ms")
                })
            if !["127.0.0.1", "::1", "localhost"].contains(bind) {
                console.warning("listening on \(bind): other machines may reach the sample service")
            }
            do {
                try await Emulator.serve(options: options, host: bind, port: port) { url in
                    Terminal.standardOutput.write(url.absoluteString + "\n")
                    let host = url.absoluteString.replacingOccurrences(of: "http://", with: "")
                    console.note("serving \(served.name), authentication \(authentication); Ctrl-C stops")
                    console.note("use it with: AEM_SCHEME=http AEM_HOST=\(host) wknd list")
                }
            } catch {
                throw Failure(
                    .unavailable, "Cannot serve on \(bind):\(port) (\(error)); choose another --port or --bind.")
            }
            console.note("stopped")
        }
    }

    /// The content package named by `--content`, or the built-in sample, with words for the log.
    private func loadContent() throws -> (content: EmulatorContent, name: String) {
        guard let content else {
            do {
                return (try EmulatorContent.sample(), "the built-in sample content")
            } catch {
                throw Failure(.internalError, "The built-in sample content could not be loaded (\(error)).")
            }
        }
        let folder = URL(fileURLWithPath: content)
        do {
            let package = try ContentPackage(jcrRoot: folder)
            return (EmulatorContent(package), "\(folder.path) (\(package))")
        } catch {
            throw Failure(.configuration, "Cannot serve --content \(content): \(error)")
        }
    }

    private static func emulatorAuthentication(_ authentication: Authentication) throws -> EmulatorAuthentication? {
        switch authentication {
        case .none: nil
        case .basic(let username, let password): .basic(username: username, password: password)
        case .token(let token): .bearer(token: token)
        case .provider(let provider as StaticTokenProvider): .bearer(token: provider.token.value)
        case .provider:
            throw Failure(
                .usage, "wknd serve requires a fixed token or basic credentials: use --auth token or --auth basic.")
        }
    }
}
