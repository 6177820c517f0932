/// Sees every request that `Aem` really sends and what came back: each retry and each
/// redirect is a request of its own. Every method has a default that does nothing, so an
/// observer implements only what it needs.
///
/// ```swift
/// struct Logger: AemObserver {
///     func didReceive(_ response: AemHTTPResponseHead, for request: AemHTTPRequest, attempt: Int, duration: Duration) {
///         print("GET \(request.url) → \(response.status) (attempt \(attempt), \(duration))")
///     }
/// }
/// let aem = Aem(configuration, transport: transport, observer: Logger())
/// ```
///
/// The request's headers hold the credentials when it goes to the configured origin: show them
/// with the credentials masked. Methods are called from the requesting task; keep them quick.
public protocol AemObserver: Sendable {
    /// A request is about to be sent; `attempt` counts the tries of one call from 1, and stays
    /// the same across the redirects of one try.
    func willSend(_ request: AemHTTPRequest, attempt: Int)
    /// The response head arrived, `duration` after the request was sent. A redirect that is
    /// followed is reported here too, before the request to its `Location`.
    func didReceive(_ response: AemHTTPResponseHead, for request: AemHTTPRequest, attempt: Int, duration: Duration)
    /// The request failed below HTTP (no answer, or the connection broke), `duration` after it was sent.
    func didFail(_ error: AemHTTPTransportError, for request: AemHTTPRequest, attempt: Int, duration: Duration)
}

extension AemObserver {
    /// Does nothing.
    public func willSend(_ request: AemHTTPRequest, attempt: Int) {}
    /// Does nothing.
    public func didReceive(
        _ response: AemHTTPResponseHead, for request: AemHTTPRequest, attempt: Int, duration: Duration
    ) {}
    /// Does nothing.
    public func didFail(_ error: AemHTTPTransportError, for request: AemHTTPRequest, attempt: Int, duration: Duration) {
    }
}
