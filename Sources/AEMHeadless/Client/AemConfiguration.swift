import Foundation

/// Everything the client needs to reach one AEM service. Invalid settings are rejected when the
/// configuration is made, so a request never fails later for a reason known up front; the
/// settings are read-only so that nothing undoes those checks.
public struct AemConfiguration: Sendable {
    /// Where queries go; the only origin that ever receives the credentials.
    public let origin: AemOrigin
    /// How requests to the origin prove who is asking: anonymous, Basic, or a bearer token.
    public let authentication: Authentication
    /// Headers added to every request to the origin (never to another origin).
    public let extraHeaders: AemHTTPHeaders
    /// How long to wait for a response to begin.
    public let timeout: Duration
    /// When and how long to wait before retrying a failed request that may be sent again.
    public let retry: RetryPolicy
    /// The largest query response body read, in bytes.
    public let maxResponseBytes: Int
    /// The `User-Agent` of every request (`ClientIdentity.userAgent(product:)`); an extra header replaces it.
    public let userAgent: String
    /// How stale a cached answer is shown, whatever the service's headers allow.
    public let staleness: CacheStaleness
    /// Which content the client reads: published (the default), preview, or the author tier's drafts.
    public let perspective: ContentPerspective

    /// Masks this configuration's secrets in text that might be shown.
    package var scrubber: SecretScrubber { SecretScrubber(authentication.secrets) }

    /// Checks the settings and builds a configuration; throws `AemConfigurationError` for one that cannot work.
    ///
    /// - Parameters:
    ///   - scheme: `https` unless the service is local.
    ///   - host: a host name or address with an optional `:port`, no scheme or path.
    ///   - authentication: the credentials, sent only to this origin.
    ///   - extraHeaders: headers added to every request to this origin; not `Authorization`.
    ///   - timeout: the longest a request may take, more than zero.
    ///   - retry: how failed requests that may be sent again are retried.
    ///   - maxResponseBytes: the largest query answer read, above zero.
    ///   - userAgent: the `User-Agent` sent; name your app with `ClientIdentity.userAgent(product: "MyApp/2.1")`.
    ///   - staleness: how stale a cached answer is shown: 5 minutes past its freshness while a new one is fetched,
    ///     a day when the service fails, and never more than its headers allow.
    ///   - perspective: which content the host serves: `.published` (a publish host), `.preview` (a preview host), or
    ///     `.drafts` (an author host, signed in; the client then keeps nothing in a cache).
    public init(
        scheme: AemOrigin.Scheme = .https, host: String, authentication: Authentication = .none,
        extraHeaders: AemHTTPHeaders = [:], timeout: Duration = .seconds(30),
        retry: RetryPolicy = RetryPolicy(), maxResponseBytes: Int = 64 << 20,
        userAgent: String = ClientIdentity.userAgent(), staleness: CacheStaleness = CacheStaleness(),
        perspective: ContentPerspective = .published
    ) throws(AemConfigurationError) {
        try Self.validate(authentication)
        if perspective == .drafts, authentication == .none {
            throw AemConfigurationError(
                "Drafts are read from the author service, which needs sign-in: give a token, a token provider or Basic credentials."
            )
        }
        for field in extraHeaders where field.name.caseInsensitiveEquals("Authorization") {
            throw AemConfigurationError(
                "Set credentials with the authentication setting, not as an extra Authorization header.")
        }
        guard timeout > .zero else { throw AemConfigurationError("The request timeout must be longer than zero.") }
        guard maxResponseBytes > 0 else { throw AemConfigurationError("The response size limit must be above zero.") }
        self.origin = try AemOrigin(scheme: scheme, host: host)
        self.authentication = authentication
        self.extraHeaders = extraHeaders
        self.timeout = timeout
        self.retry = retry
        self.maxResponseBytes = maxResponseBytes
        self.userAgent = userAgent
        self.staleness = staleness
        self.perspective = perspective
    }

    private static func validate(_ authentication: Authentication) throws(AemConfigurationError) {
        switch authentication {
        case .none, .provider:
            break
        case .basic(let username, let password):
            if username.isEmpty { throw AemConfigurationError("Basic authentication needs a user name.") }
            if username.contains(":") {
                throw AemConfigurationError("A user name for basic authentication cannot contain \":\".")
            }
            if password.isEmpty { throw AemConfigurationError("Basic authentication needs a password.") }
        case .token(let token):
            let trimmed = token.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty {
                throw AemConfigurationError("Token authentication needs a token, and the token is empty.")
            }
            if trimmed != token || token.contains(where: { $0.isNewline || $0 == " " }) {
                throw AemConfigurationError("The token contains spaces or line breaks; copy it again without them.")
            }
        }
    }
}
