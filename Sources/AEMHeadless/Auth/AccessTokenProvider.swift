/// Where `Aem` gets the bearer token for each request, when tokens expire and are renewed:
/// a local development token read from a file, or one obtained from Adobe IMS with service
/// credentials or OAuth client credentials (`AEMHeadlessIMS`).
///
/// Providers are reference types (actors or final classes), so that every request of a client
/// shares one provider and one renewal.
public protocol AccessTokenProvider: AnyObject, Sendable, CustomStringConvertible {
    /// A token to send now, renewed first when it is about to expire.
    ///
    /// - Parameter rejected: a token AEM refused (401) although it had not expired. The provider
    ///   renews it, unless it already holds a different one (another request renewed it first),
    ///   and returns the same token when it cannot renew (a token read from a file).
    /// - Parameter transport: how to reach the service that issues tokens (the client's own transport).
    /// - Throws: `SignInError` naming the step that failed.
    func token(replacing rejected: AccessToken?, using transport: any AemHTTPTransport) async throws -> AccessToken

    /// What tells this credential apart from others, the same in every run: for keys such as a
    /// response cache's. It may hold a secret (a fixed token is its own identity), so it is never
    /// shown or stored as it is: keys keep a one-way digest of it.
    var identity: String { get }

    /// The API key to send as `X-Api-Key` beside the token, as AEM's OpenAPI-based APIs require
    /// of OAuth server-to-server credentials (their client id); nil to send none.
    var apiKey: String? { get }
}

extension AccessTokenProvider {
    /// None: only OAuth server-to-server credentials have one.
    public var apiKey: String? { nil }
}
