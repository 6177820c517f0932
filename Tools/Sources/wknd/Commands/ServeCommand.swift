import AEMHeadless
import AEMHeadlessIMS
import ArgumentParser
import CompanionLaunch
import WKNDCore

/// `wknd serve`: a local emulator of AEM's author, publish and preview tiers in the foreground, serving the built-in sample or
/// a project's own content package, for trying `wknd` and apps without an AEM service.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract:
            "Run a local emulator of AEM author, publish and preview, with the built-in sample or your content package.",
        discussion: """
            Serves a content package (FileVault jcr_root folder, as in an AEM project's
            ui.content/src/main/content/jcr_root) on three origins, as AEM as a Cloud
            Service has three tiers: publish (--port), author (--author-port) and
            preview (--preview-port). Its
            persisted queries run with real GraphQL over the schema AEM generates from
            its Content Fragment Models, its fragments are served by the delivery API,
            and its assets at their _path and _dynamicUrl. An image whose original the
            package leaves out is served as a placeholder of its size and type. Without
            --content it serves the built-in sample (20 WKND adventures).

            AUTHOR AND PUBLISH
              Every fragment of the package starts published. The author origin
              answers the content as it is now, and the Sites API writes it
              (/adobe/sites/cf/fragments: create, read, replace, patch, delete,
              publish, unpublish, versions, tags; /adobe/sites/cf/models): each
              write names the entity tag it was based on (If-Match), a stale one is
              refused with 412. The publish origin answers what was last published:
              a fragment edited since is served with its published values until it
              is published again. Requests to author need a signed-in user (admin /
              admin by default, as the AEM SDK's author; --auth for the publish
              origin's credentials). --publish-lag makes a publish reach the publish
              tier that many seconds after it is asked for, as on a real service.

              The preview origin serves what was published to preview (a publish
              with agentId preview; wknd fragments publish --to preview), as publish
              does and with publish's cache headers; it starts with what publish
              holds. A fragment's status tracks publish only; previewStatus says
              whether preview holds it as author does.

              Author writes are kept in a state folder of the emulator's own, each
              flushed to disk before it is answered, so they outlast a restart
              (--state; by default one folder a package under
              $XDG_STATE_HOME/wknd/emulator, or WKND_STATE_DIR). The package on
              disk is never changed. --reset starts from the package again;
              --no-state keeps writes in memory.

            CDN
              --cdn puts a CDN in front of publish, as AEM as a Cloud Service runs
              Fastly: each answer is kept for its s-maxage (a persisted query's
              two hours by default) and served stale for stale-while-revalidate
              while it is fetched again, and for stale-if-error when publish
              fails; answers say Age and X-Cache (HIT or MISS). Publishing purges
              nothing for persisted queries, and soft-purges the delivery API's
              answers that hold the fragment (one more stale answer, then the new
              one), as AEM's does. PURGE takes the purge requests a customer can
              send, with X-AEM-Purge-Key set to $AEM_PURGE_KEY: PURGE <path>;
              PURGE / with Surrogate-Key: graphql-<conf> (or graphql, delivery,
              assets); PURGE / with X-AEM-Purge: all; X-AEM-Purge: soft keeps the
              copy to serve stale. A team sees locally the staleness its users see.

            EVENTS
              Content changes are recorded as CloudEvents (aem.sites.contentFragment
              created, modified, deleted from author; published, unpublished when a
              publish completes) in the journal at /events/…, read as Adobe I/O
              Events' journaling API is (since, limit, latest, Link rel="next", 204
              with retry-after, 410 for an expired position). --watch serves each
              edit of the --content package as it is saved, on both tiers, and
              records it as an event too.

            Prints the publish, author and preview URLs on stdout, one a line, logs each
            request on stderr, and stops cleanly on Ctrl-C. It listens on loopback
            unless --bind says otherwise.

            ENDPOINTS (every origin; publish and preview answering what was published to them)
              GET      /graphql/execute.json/<conf>/<query>;<name>=<value>;...
              GET      /graphql/list.json[/<conf>]
              PUT|POST /graphql/persist.json/<conf>/<query>    (create | update)
              GET      /content/cq:graphql/<conf>/endpoint.GQLschema
              POST     /content/_cq_graphql/<conf>/endpoint.json (with --graphql-endpoint)
              GET      /adobe/contentFragments[/<id>|/byPath?path=…]
              GET      /events/organizations/<org>/integrations/<cred>/<reg>[?since=…&limit=…&latest=true]
            ENDPOINTS (author)
              GET|POST /adobe/sites/cf/fragments[?path=…&limit=…&cursor=…]
              GET|PUT|PATCH|DELETE /adobe/sites/cf/fragments/<id>
              POST     /adobe/sites/cf/fragments/publish
              GET|POST /adobe/sites/cf/fragments/<id>/versions, …/versions/restore/<version>
              GET|PUT  /adobe/sites/cf/fragments/<id>/tags
              GET      /adobe/sites/cf/models[/<id>]

            EXAMPLES
              wknd serve
              AEM_SCHEME=http AEM_HOST=127.0.0.1:4503 wknd list
              wknd serve --content ui.content/src/main/content/jcr_root --watch
              wknd serve --reset                         (the built-in sample, afresh)
              wknd serve --publish-lag 2 --port 0 --author-port 0 --preview-port 0
              AEM_PURGE_KEY=local-key wknd serve --cdn
              AEM_TOKEN=dev-token wknd serve --auth token
            """
    )

    @Option(help: "The port of the publish origin; 0 picks a free one.")
    var port = 4503

    @Option(help: "The port of the author origin; 0 picks a free one.")
    var authorPort = 4502

    /// Beside author's 4502 and publish's 4503: the AEM SDK has no preview instance to follow.
    @Option(help: "The port of the preview origin; 0 picks a free one.")
    var previewPort = 4504

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

    @Option(help: ArgumentHelp("The folder where author writes are kept across restarts.", valueName: "dir"))
    var state: String?

    @Flag(help: "Keep author writes in memory only: they end with the emulator.")
    var noState = false

    @Flag(help: "Start from the content package again: forget the author writes kept so far.")
    var reset = false

    @Option(help: ArgumentHelp("Seconds between a publish and the publish tier serving it.", valueName: "seconds"))
    var publishLag: Double = 0

    @Flag(
        help:
            "Answer publish through a CDN as AEM's runs: answers kept for s-maxage and served stale as Cache-Control allows, with Age and X-Cache; PURGE with X-AEM-Purge-Key ($AEM_PURGE_KEY)."
    )
    var cdn = false

    @OptionGroup var options: CommonOptions

    func validate() throws {
        let ports = [("--port", port), ("--author-port", authorPort), ("--preview-port", previewPort)]
        for (name, value) in ports where !(0...65535).contains(value) {
            throw ValidationError("\(name) must be between 0 and 65535.")
        }
        for (index, (name, value)) in ports.enumerated() where value != 0 {
            if let other = ports[..<index].first(where: { $0.1 == value }) {
                throw ValidationError("\(other.0) and \(name) must differ.")
            }
        }
        if watch, content == nil { throw ValidationError("--watch watches a content package: give it with --content.") }
        if noState, state != nil || reset {
            throw ValidationError("--no-state keeps no state: leave out --state and --reset.")
        }
        guard (0...600).contains(publishLag) else { throw ValidationError("--publish-lag must be 0 to 600 seconds.") }
    }

    func run() async throws {
        try await CommandContext.run(options) { context in
            let authentication = try context.configuration.resolved.authentication()
            if !["127.0.0.1", "::1", "localhost"].contains(bind) {
                context.console.warning("listening on \(bind): other machines may reach the sample service")
            }
            let statePath = noState ? nil : try state ?? StateLocation(contentPath: content).folder.path
            try EmulatorProgram.run(
                EmulatorLaunch(
                    host: bind, port: port, authorPort: authorPort, previewPort: previewPort, contentPath: content,
                    dynamicURLs: !noDynamicUrl,
                    allowsAdHocQueries: graphqlEndpoint, credentials: try Self.credentials(authentication),
                    statePath: statePath, reset: reset, publishLag: publishLag, cdn: cdn,
                    purgeKey: cdn ? Environment.current["AEM_PURGE_KEY"].flatMap { $0.isEmpty ? nil : $0 } : nil,
                    talks: true, watch: watch)
            )
        }
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
