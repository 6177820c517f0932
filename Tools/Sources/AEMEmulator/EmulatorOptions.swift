/// How an emulator behaves. Everything has a default: `EmulatorOptions()` serves the bundled sample content,
/// anonymously on publish and to `admin`/`admin` on author (as the AEM SDK's author), with `_dynamicUrl` rendered as a
/// host-relative path and ad-hoc queries refused, and keeps author writes in memory.
public struct EmulatorOptions: Sendable {
    /// Whether `_dynamicUrl` is rendered. When `false` it is `null`, as on the local AEM SDK, so that clients use
    /// the `_path` fallback.
    public var dynamicURLs: Bool
    /// Scheme, host and port put in front of every `_dynamicUrl` (e.g. `http://127.0.0.1:8081`), so images come from
    /// a second origin; `nil` keeps `_dynamicUrl` host-relative like AEM does.
    public var dynamicURLBase: String?
    /// Credentials every request to the publish origin must carry; `nil` lets anyone in, as publish does.
    public var authentication: EmulatorAuthentication?
    /// Credentials every request to the author origin must carry, as AEM author wants a signed-in user: a request
    /// without them is a 401.
    public var authorAuthentication: EmulatorAuthentication
    /// Where the author tier keeps its writes, so that they survive a restart (``AuthorLog``); nil keeps them in
    /// memory only.
    public var authorLog: AuthorLog?
    /// The content served; `nil` serves ``EmulatorContent/sample()``.
    public var content: EmulatorContent?
    /// Whether ad-hoc queries are answered at `POST /content/_cq_graphql/<configuration>/endpoint.json`; off by
    /// default, as AEM publish blocks them.
    public var allowsAdHocQueries: Bool
    /// Faults to inject; keep a reference to change them while the emulator runs.
    public var faults: EmulatorFaults
    /// Called once per answered request (e.g. to print an access log).
    public var requestLog: (@Sendable (EmulatorRequestRecord) -> Void)?
    /// The served content and its event journal; keep a reference to replace the content while the emulator runs
    /// (``EmulatorLiveContent/replace(with:)``).
    public var live: EmulatorLiveContent
    /// A CDN in front of the publish origin, as AEM runs one (`wknd serve --cdn`); nil answers from the origin.
    public var cdn: EmulatorCDN?

    /// Options with the given values; see each property.
    public init(
        dynamicURLs: Bool = true,
        dynamicURLBase: String? = nil,
        authentication: EmulatorAuthentication? = nil,
        authorAuthentication: EmulatorAuthentication = .basic(username: "admin", password: "admin"),
        authorLog: AuthorLog? = nil,
        content: EmulatorContent? = nil,
        allowsAdHocQueries: Bool = false,
        faults: EmulatorFaults = EmulatorFaults(),
        requestLog: (@Sendable (EmulatorRequestRecord) -> Void)? = nil,
        live: EmulatorLiveContent = EmulatorLiveContent(),
        cdn: EmulatorCDN? = nil
    ) {
        self.dynamicURLs = dynamicURLs
        self.dynamicURLBase = dynamicURLBase
        self.authentication = authentication
        self.authorAuthentication = authorAuthentication
        self.authorLog = authorLog
        self.content = content
        self.allowsAdHocQueries = allowsAdHocQueries
        self.faults = faults
        self.requestLog = requestLog
        self.live = live
        self.cdn = cdn
    }
}

/// The credentials an emulator requires, as AEM author does. A request without them is answered 401 with an empty
/// body.
public enum EmulatorAuthentication: Sendable, Equatable, CustomStringConvertible {
    /// `Authorization: Basic base64(username:password)`.
    case basic(username: String, password: String)
    /// `Authorization: Bearer <token>`.
    case bearer(token: String)
    /// `Authorization: Bearer <token>` with a token an IMS emulator issued into `store` and that has not expired.
    case imsTokens(IMSTokenStore)

    /// Names the scheme without revealing the secret.
    public var description: String {
        switch self {
        case .basic(let username, _): "basic (user \(username))"
        case .bearer: "bearer token"
        case .imsTokens: "IMS access tokens"
        }
    }
}
