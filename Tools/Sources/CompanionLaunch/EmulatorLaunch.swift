/// How `wknd` asks its companion program, `wknd-serve`, to run the AEM emulator: one JSON object
/// on the program's standard input, so that no credential is ever a process argument.
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
    /// The port to listen on; 0 picks a free one.
    package var port: Int
    /// The jcr_root folder of a content package; nil serves the built-in sample.
    package var contentPath: String?
    /// Whether `_dynamicUrl` is answered (the local AEM SDK answers null).
    package var dynamicURLs: Bool
    /// Whether ad-hoc queries are answered at `/content/_cq_graphql/<conf>/endpoint.json`.
    package var allowsAdHocQueries: Bool
    /// The credentials required, or nil for none.
    package var credentials: Credentials?
    /// Whether the program says what it serves and logs each request on stderr (`wknd serve`),
    /// or prints only its URL and its failures (the built-in sample).
    package var talks: Bool
    /// Whether edits to the content package on disk are served as they are saved (`--watch`); nil: no.
    package var watch: Bool?
    /// The tier played, `author` or `publish` (`--tier`); nil: author.
    package var tier: String?
    /// Whether the control route publishes, unpublishes and touches fragments (`--control`); nil: no.
    package var control: Bool?

    /// The program's file name, beside `wknd`.
    package static let programName = "wknd-serve"
    /// The path of the emulator's content-event journal on its origin (the emulator's `JournalRules.path`).
    package static let journalPath =
        "/events/organizations/emulator-org@AdobeOrg/integrations/emulator-credential/emulator-registration"

    package init(
        host: String, port: Int, contentPath: String? = nil, dynamicURLs: Bool = true,
        allowsAdHocQueries: Bool = false, credentials: Credentials? = nil, talks: Bool, watch: Bool? = nil,
        tier: String? = nil, control: Bool? = nil
    ) {
        self.host = host
        self.port = port
        self.contentPath = contentPath
        self.dynamicURLs = dynamicURLs
        self.allowsAdHocQueries = allowsAdHocQueries
        self.credentials = credentials
        self.talks = talks
        self.watch = watch
        self.tier = tier
        self.control = control
    }
}
