import AEMEmulator
import AEMHeadless
import ArgumentParser
import Foundation

/// `wknd serve`: the built-in sample service in the foreground, for trying `wknd` and apps
/// against a local stand-in for AEM.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the built-in sample service (a local stand-in for AEM publish).",
        discussion: """
            Prints the URL to use on stdout, logs each request on stderr, and stops
            cleanly on Ctrl-C. It listens on loopback unless --bind says otherwise.
            With --auth basic or token (or AEM_AUTH_TYPE), every request must carry
            those credentials, as on AEM author.

            EXAMPLES
              wknd serve --port 4503
              AEM_SCHEME=http AEM_HOST=127.0.0.1:4503 wknd list
              wknd serve --port 0 --no-dynamic-url
              AEM_TOKEN=dev-token wknd serve --auth token
            """
    )

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 4503

    @Option(help: ArgumentHelp("The address to listen on.", valueName: "address"))
    var bind = "127.0.0.1"

    @Flag(help: "Answer _dynamicUrl with null, as the local AEM SDK does, so clients use _path.")
    var noDynamicUrl = false

    @OptionGroup var options: CommonOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
    }

    func run() async throws {
        try await CommandContext.run(options) { context in
            let console = context.console
            let authentication = try context.configuration.resolved.authentication()
            let options = EmulatorOptions(
                dynamicURLs: !noDynamicUrl,
                authentication: try Self.emulatorAuthentication(authentication),
                requestLog: { record in
                    let milliseconds = record.duration / .milliseconds(1)
                    console.note("\(record.method) \(record.target) \(record.status) \(String(format: "%.1f", milliseconds)) ms")
                })
            if !["127.0.0.1", "::1", "localhost"].contains(bind) {
                console.warning("listening on \(bind): other machines may reach the sample service")
            }
            do {
                try await Emulator.serve(options: options, host: bind, port: port) { url in
                    Terminal.standardOutput.write(url.absoluteString + "\n")
                    let host = url.absoluteString.replacingOccurrences(of: "http://", with: "")
                    console.note("serving the sample content, authentication \(authentication); Ctrl-C stops")
                    console.note("use it with: AEM_SCHEME=http AEM_HOST=\(host) wknd list")
                }
            } catch {
                throw Failure(.unavailable, "Cannot serve on \(bind):\(port) (\(error)); choose another --port or --bind.")
            }
            console.note("stopped")
        }
    }

    private static func emulatorAuthentication(_ authentication: Authentication) throws -> EmulatorAuthentication? {
        switch authentication {
        case .none: nil
        case .basic(let username, let password): .basic(username: username, password: password)
        case .token(let token): .bearer(token: token)
        case .provider(let provider as StaticTokenProvider): .bearer(token: provider.token.value)
        case .provider: throw Failure(.usage, "wknd serve requires a fixed token or basic credentials: use --auth token or --auth basic.")
        }
    }
}
