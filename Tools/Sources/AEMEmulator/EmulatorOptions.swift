/// How an emulator behaves. Everything has a default: `EmulatorOptions()` serves the bundled sample content
/// anonymously, with `_dynamicUrl` rendered as a host-relative path and ad-hoc queries refused, as on publish.
public struct EmulatorOptions: Sendable {
    /// Whether `_dynamicUrl` is rendered. When `false` it is `null`, as on the local AEM SDK, so that clients use
    /// the `_path` fallback.
    public var dynamicURLs: Bool
    /// Scheme, host and port put in front of every `_dynamicUrl` (e.g. `http://127.0.0.1:8081`), so images come from
    /// a second origin; `nil` keeps `_dynamicUrl` host-relative like AEM does.
    public var dynamicURLBase: String?
    /// Credentials every request must carry, as on AEM author; `nil` (publish) lets anyone in.
    public var authentication: EmulatorAuthentication?
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
    /// Whether `POST /emulator/control/<publish|unpublish|touch>?path=…` publishes, unpublishes or touches a fragment
    /// (recording its event), for tests and demos; off by default.
    public var allowsControl: Bool

    /// Options with the given values; see each property.
    public init(
        dynamicURLs: Bool = true,
        dynamicURLBase: String? = nil,
        authentication: EmulatorAuthentication? = nil,
        content: EmulatorContent? = nil,
        allowsAdHocQueries: Bool = false,
        faults: EmulatorFaults = EmulatorFaults(),
        requestLog: (@Sendable (EmulatorRequestRecord) -> Void)? = nil,
        live: EmulatorLiveContent = EmulatorLiveContent(),
        allowsControl: Bool = false
    ) {
        self.dynamicURLs = dynamicURLs
        self.dynamicURLBase = dynamicURLBase
        self.authentication = authentication
        self.content = content
        self.allowsAdHocQueries = allowsAdHocQueries
        self.faults = faults
        self.requestLog = requestLog
        self.live = live
        self.allowsControl = allowsControl
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
