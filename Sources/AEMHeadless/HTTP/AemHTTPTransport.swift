import Foundation

/// A request as the client sends it: a GET to AEM, a write to AEM's author service (POST, PUT, PATCH or DELETE with a
/// JSON body), or a POST with a form body (signing in to IMS).
public struct AemHTTPRequest: Sendable {
    /// The HTTP method: `GET` for reads; `POST`, `PUT`, `PATCH` or `DELETE` for writes and signing in.
    public var method: String
    /// The absolute URL requested.
    public var url: URL
    /// The header fields sent, credentials included when the URL is on the AEM origin.
    public var headers: AemHTTPHeaders
    /// The body of a write; nil for a GET.
    public var body: Data?
    /// How long to wait for the response to begin; the body may take longer while it keeps arriving.
    public var timeout: Duration

    /// A request; a GET with no headers or body and a 60-second timeout unless told otherwise.
    public init(
        method: String = "GET", url: URL, headers: AemHTTPHeaders = [:], body: Data? = nil,
        timeout: Duration = .seconds(60)
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}

/// A response whose body arrives as it is read, so large bodies need not be held in memory.
public struct AemHTTPResponse: Sendable {
    /// The HTTP status code.
    public var status: Int
    /// The response's header fields.
    public var headers: AemHTTPHeaders
    /// The body, still to be read.
    public var body: AemHTTPBody

    /// A response with a body to be read.
    public init(status: Int, headers: AemHTTPHeaders, body: AemHTTPBody) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The status and headers.
    public var head: AemHTTPResponseHead { AemHTTPResponseHead(status: status, headers: headers) }
}

/// A response's status and headers, without the body.
public struct AemHTTPResponseHead: Sendable, Hashable {
    /// The HTTP status code.
    public var status: Int
    /// The response's header fields.
    public var headers: AemHTTPHeaders

    /// A response head.
    public init(status: Int, headers: AemHTTPHeaders) {
        self.status = status
        self.headers = headers
    }
}

/// The one I/O point of the client: sends a request and returns the response head with its
/// body still to be read. Implementations throw `AemHTTPTransportError` for failures below HTTP.
/// They do not follow redirects: the client decides, so credentials never leave the origin.
public protocol AemHTTPTransport: Sendable {
    /// Sends `request` and returns the response once its head has arrived; does not follow redirects.
    func send(_ request: AemHTTPRequest) async throws -> AemHTTPResponse
}

/// A failure below HTTP: no response, or a body cut short.
public struct AemHTTPTransportError: Error, Sendable, CustomStringConvertible {
    /// Which failure below HTTP happened.
    public enum Kind: Sendable, Hashable {
        /// The connection could not be made (refused, unreachable, name not resolved, TLS).
        case connectionFailed
        /// The connection closed or broke before the response was complete.
        case connectionLost
        /// No response began within the request's timeout.
        case timedOut
    }

    /// Which failure happened.
    public var kind: Kind
    /// The underlying cause in words.
    public var detail: String

    /// A failure of `kind`, with its cause in words.
    public init(_ kind: Kind, _ detail: String) {
        self.kind = kind
        self.detail = detail
    }

    /// The detail.
    public var description: String { detail }
}
