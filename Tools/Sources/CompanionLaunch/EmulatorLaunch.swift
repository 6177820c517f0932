/// How `wknd` asks its companion program, `wknd-serve`, to run the AEM emulator: one JSON object
/// on the program's standard input, so that no credential is ever a process argument. The program prints the
/// publish origin's URL on the first line of its standard output, the author origin's on the second and the preview
/// origin's on the third.
///
/// The emulator lives in its own program so that `wknd` itself links neither the emulator nor its
/// server, GraphQL and XML libraries, which every `wknd` command would otherwise pay for when it
/// starts. `wknd serve` hands its terminal over to it; with no AEM configured, `wknd` starts it in
/// the background for the built-in sample and reads the URL it prints.
package struct EmulatorLaunch: Codable, Sendable, Equatable {
    /// The credentials every request must carry, as on AEM author.
    package enum Credentials: Codable, Sendable, Equatable {
        case basic(username: String, password: String)
        case bearer(token: String)
    }

    /// The address to listen on.
    package var host: String
    /// The port of the publish origin; 0 picks a free one.
    package var port: Int
    /// The port of the author origin; 0 picks a free one.
    package var authorPort: Int
    /// The port of the preview origin; 0 picks a free one.
    package var previewPort: Int
    /// The jcr_root folder of a content package; nil serves the built-in sample.
    package var contentPath: String?
    /// Whether `_dynamicUrl` is answered (the local AEM SDK answers null).
    package var dynamicURLs: Bool
    /// Whether ad-hoc queries are answered at `/content/_cq_graphql/<conf>/endpoint.json`.
    package var allowsAdHocQueries: Bool
    /// The credentials the publish origin requires, or nil for none. The author origin requires `admin`/`admin`, as
    /// the AEM SDK's author does.
    package var credentials: Credentials?
    /// The folder where the author tier keeps its writes across restarts; nil keeps them in memory.
    package var statePath: String?
    /// Whether the state folder is emptied first, for content as the package has it (`--reset`); nil: no.
    package var reset: Bool?
    /// Seconds between a publish and the publish tier serving it (`--publish-lag`); nil: none.
    package var publishLag: Double?
    /// Whether a CDN answers in front of the publish origin, as AEM's does (`--cdn`); nil: no.
    package var cdn: Bool?
    /// The key the CDN's purge requests must carry (`X-AEM-Purge-Key`); nil refuses every purge.
    package var purgeKey: String?
    /// Seconds to wait for another emulator to stop using the state folder; nil: 30.
    package var stateWait: Double?
    /// Whether the program says what it serves and logs each request on stderr (`wknd serve`),
    /// or prints only its URL and its failures (the built-in sample).
    package var talks: Bool
    /// Whether edits to the content package on disk are served as they are saved (`--watch`); nil: no.
    package var watch: Bool?

    /// The program's file name, beside `wknd`.
    package static let programName = "wknd-serve"
    /// The path of the emulator's content-event journal on its origin (the emulator's `JournalRules.path`).
    package static let journalPath =
        "/events/organizations/emulator-org@AdobeOrg/integrations/emulator-credential/emulator-registration"

    package init(
        host: String, port: Int, authorPort: Int = 0, previewPort: Int = 0, contentPath: String? = nil,
        dynamicURLs: Bool = true,
        allowsAdHocQueries: Bool = false, credentials: Credentials? = nil,
        statePath: String? = nil, reset: Bool? = nil, publishLag: Double? = nil, cdn: Bool? = nil,
        purgeKey: String? = nil, stateWait: Double? = nil,
        talks: Bool, watch: Bool? = nil
    ) {
        self.host = host
        self.port = port
        self.authorPort = authorPort
        self.previewPort = previewPort
        self.contentPath = contentPath
        self.dynamicURLs = dynamicURLs
        self.allowsAdHocQueries = allowsAdHocQueries
        self.credentials = credentials
        self.statePath = statePath
        self.reset = reset
        self.publishLag = publishLag
        self.cdn = cdn
        self.purgeKey = purgeKey
        self.stateWait = stateWait
        self.talks = talks
        self.watch = watch
    }
}
