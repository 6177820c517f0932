import AEMHeadless
import AEMHeadlessIMS
import ArgumentParser
import CompanionLaunch
import WKNDCore

/// `wknd serve`: a local emulator for AEM publish in the foreground, serving the built-in sample or a
/// project's own content package, for trying `wknd` and apps without an AEM service.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run a local emulator for AEM publish, with the built-in sample or your content package.",
        discussion: """
            Serves a content package (FileVault jcr_root folder, as in an AEM project's
            ui.content/src/main/content/jcr_root): its persisted queries run with real
            GraphQL over the schema AEM generates from its Content Fragment Models, and
            its assets are served at their _path and _dynamicUrl. An image whose
            original the package leaves out is served as a placeholder of its size
            and type (one colour), so references to it still work. Without --content
            it serves the built-in sample (20 WKND adventures).

            Prints the URL to use on stdout, logs each request on stderr, and stops
            cleanly on Ctrl-C. It listens on loopback unless --bind says otherwise.
            With --auth basic or token (or AEM_AUTH_TYPE), every request must carry
            those credentials, as on AEM author.

            --watch serves each edit of the --content package as it is saved (a
            changed, added or removed file is seen within a second; a request sees
            the content before or after a change, never half of one; a package
            that no longer loads keeps the last good content served and says why),
            and records each added, changed or removed fragment as a CloudEvent
            (aem.sites.contentFragment.created, .modified, .deleted) in the
            journal at /events/…, read as Adobe I/O Events' journaling API is
            (since, limit, latest, Link rel="next", 204 with retry-after, 410 for
            an expired position). The journal's URL is printed at the start. With
            --tier publish, edits are recorded as .published and .unpublished
            events instead, and an unpublished fragment is not served. Changed
            images are recorded as aem.assets.asset.processing_completed and
            removed ones as aem.assets.asset.deleted.

            --control opens a route that publishes, unpublishes or touches a
            fragment without editing files, recording its event:
              curl -X POST 'http://127.0.0.1:4503/emulator/control/unpublish?path=/content/dam/…'

            ENDPOINTS
              GET      /graphql/execute.json/<conf>/<query>;<name>=<value>;...
              GET      /graphql/list.json[/<conf>]
              PUT|POST /graphql/persist.json/<conf>/<query>    (create | update)
              GET      /content/cq:graphql/<conf>/endpoint.GQLschema
              POST     /content/_cq_graphql/<conf>/endpoint.json (with --graphql-endpoint)
              GET      /adobe/contentFragments[/<id>|/byPath?path=…]
              GET      /events/organizations/<org>/integrations/<cred>/<reg>[?since=…&limit=…&latest=true]
              POST     /emulator/control/<publish|unpublish|touch>?path=…   (with --control)

            EXAMPLES
              wknd serve --port 4503
              AEM_SCHEME=http AEM_HOST=127.0.0.1:4503 wknd list
              wknd serve --content ui.content/src/main/content/jcr_root
              wknd serve --content ui.content/src/main/content/jcr_root --watch
              wknd serve --tier publish --control
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

    @Flag(
        help:
            "With --content: serve each edit of the package as it is saved, and record it as a content event in the journal."
    )
    var watch = false

    @Option(
        help: ArgumentHelp(
            "The tier played: author (edits are created, modified, deleted events) or publish (published, unpublished; unpublished fragments are not served).",
            valueName: "tier"))
    var tier: ServedTier = .author

    @Flag(help: "Answer POST /emulator/control/<publish|unpublish|touch>?path=… (for tests and demos).")
    var control = false

    @OptionGroup var options: CommonOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        if watch, content == nil { throw ValidationError("--watch watches a content package: give it with --content.") }
    }

    func run() async throws {
        try await CommandContext.run(options) { context in
            let authentication = try context.configuration.resolved.authentication()
            if !["127.0.0.1", "::1", "localhost"].contains(bind) {
                context.console.warning("listening on \(bind): other machines may reach the sample service")
            }
            try EmulatorProgram.run(
                EmulatorLaunch(
                    host: bind, port: port, contentPath: content, dynamicURLs: !noDynamicUrl,
                    allowsAdHocQueries: graphqlEndpoint, credentials: try Self.credentials(authentication), talks: true,
                    watch: watch, tier: tier.rawValue, control: control)
            )
        }
    }

    /// The tiers `--tier` takes.
    enum ServedTier: String, ExpressibleByArgument, CaseIterable {
        case author, publish
    }

    private static func credentials(_ authentication: Authentication) throws -> EmulatorLaunch.Credentials? {
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
