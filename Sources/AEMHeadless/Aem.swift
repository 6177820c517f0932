import Foundation

/// A client for one AEM service's persisted queries and assets.
///
/// ```swift
/// let aem = Aem(try AemConfiguration(host: "publish-p123-e456.adobeaemcloud.com"),
///               transport: URLSessionTransport())   // from AEMHeadlessURLSession
/// let result = try await aem.adventures(limit: 5)
/// for adventure in result.data ?? [] { print(adventure.title ?? "") }
/// ```
///
/// Queries are GETs, so they are retried per `configuration.retry`. Redirects are followed by
/// the client itself, and credentials and extra headers go only to the configured origin.
public struct Aem: Sendable {
    public let configuration: AemConfiguration
    let transport: any HTTPTransport

    /// The most redirects followed for one request.
    static let maxRedirects = 5

    /// - Parameter transport: how requests are sent: `URLSessionTransport` (AEMHeadlessURLSession),
    ///   the natural choice on Apple platforms, or `AsyncHTTPClientTransport`
    ///   (AEMHeadlessAsyncHTTPClient), quicker to start and streaming with back-pressure on Linux.
    public init(_ configuration: AemConfiguration, transport: any HTTPTransport) {
        self.configuration = configuration
        self.transport = transport
    }

    /// The full GET URL of a persisted query on this service.
    public func url<Response>(for query: PersistedQuery<Response>) -> URL? {
        URL(string: configuration.origin.description + query.requestPath)
    }

    /// Runs a persisted query and decodes its `data` into `Response`, keeping any GraphQL errors
    /// beside the data. Throws `AemError` when the answer is not a GraphQL response (with the
    /// status, URL, body excerpt and an explanation), or `CancellationError`.
    public func execute<Response>(_ query: PersistedQuery<Response>) async throws -> GraphQLResult<Response> {
        guard let url = url(for: query) else {
            throw AemError(.invalidResponse, "The query path \(query.path) does not make a valid URL.")
        }
        let limit = configuration.maxResponseBytes
        let (response, body) = try await fetch(url, headers: ["Accept": "application/json"]) { response in
            do {
                return try await response.body.collect(upTo: limit)
            } catch is BodyTooLargeError {
                throw AemError(.bodyTooLarge, "The answer to \(query.path) is larger than the limit of \(limit) bytes.",
                               url: url, status: response.status)
            }
        }
        return try responseDecoder(for: query, url: url)
            .decode(Response.self, status: response.status, headers: response.headers, body: body)
    }

    /// Decodes a persisted query's answer that was fetched some other way (a cache, a file),
    /// exactly as `execute` decodes what it fetches.
    public func decode<Response>(_ query: PersistedQuery<Response>, body: Data, status: Int = 200,
                                 headers: HTTPHeaders = ["Content-Type": "application/json"]) throws -> GraphQLResult<Response>
    {
        try responseDecoder(for: query, url: url(for: query))
            .decode(Response.self, status: status, headers: headers, body: body)
    }

    private func responseDecoder<Response>(for query: PersistedQuery<Response>, url: URL?) -> GraphQLResponseDecoder {
        GraphQLResponseDecoder(queryPath: query.path, origin: configuration.origin, url: url,
                               secrets: configuration.authentication.secrets)
    }

    /// Sends a GET and returns the response with its body still to be read, for downloads.
    ///
    /// Retries and redirects are handled; any status is returned as it is after that. The
    /// credentials and extra headers are added only when a URL is on the configured origin.
    public func get(_ url: URL, headers: HTTPHeaders = [:]) async throws -> HTTPResponse {
        try await fetch(url, headers: headers) { _ in () }.response
    }

    /// Whether requests to `url` carry the credentials: only on the configured origin.
    public func sendsCredentials(to url: URL) -> Bool {
        configuration.origin.contains(url)
    }

    /// Sends a GET with retries, then reads what `finish` reads of the response; a connection
    /// lost while reading is retried like one lost before the answer.
    private func fetch<Result: Sendable>(
        _ url: URL, headers: HTTPHeaders,
        finish: (HTTPResponse) async throws -> Result
    ) async throws -> (response: HTTPResponse, result: Result) {
        var attempt = 0
        while true {
            attempt += 1
            try Task.checkCancellation()
            do {
                let response = try await followingRedirects(url, headers: headers)
                if let delay = configuration.retry.delay(afterAttempt: attempt, status: response.status,
                                                         retryAfter: response.headers["Retry-After"])
                {
                    await response.body.discard()
                    try await Task.sleep(for: delay)
                    continue
                }
                return (response, try await finish(response))
            } catch let error as HTTPTransportError {
                guard error.kind != .timedOut,
                      let delay = configuration.retry.delay(afterAttempt: attempt, status: nil, retryAfter: nil)
                else { throw networkError(error, url: url) }
                try await Task.sleep(for: delay)
            }
        }
    }

    private func followingRedirects(_ url: URL, headers: HTTPHeaders) async throws -> HTTPResponse {
        var current = url
        for _ in 0...Self.maxRedirects {
            let response = try await sendSigned(current, headers: headers)
            guard [301, 302, 303, 307, 308].contains(response.status),
                  let location = response.headers["Location"],
                  let next = URL(string: location, relativeTo: current)?.absoluteURL,
                  AemOrigin(of: next) != nil
            else { return response }
            await response.body.discard()
            current = next
        }
        throw AemError(.network, "\(url.host ?? "The server") redirected more than \(Self.maxRedirects) times.", url: url)
    }

    /// The request for `url`: on the configured origin with the extra headers and `authorization`.
    func request(for url: URL, headers: HTTPHeaders, authorization: String?) -> HTTPRequest {
        var all = headers
        if sendsCredentials(to: url) {
            for field in configuration.extraHeaders { all.set(name: field.name, value: field.value) }
            if let authorization {
                all.set(name: "Authorization", value: authorization)
            }
        } else {
            all.remove(name: "Authorization")
        }
        return HTTPRequest(url: url, headers: all, timeout: configuration.timeout)
    }

    private func networkError(_ error: HTTPTransportError, url: URL) -> AemError {
        let host = AemOrigin(of: url)?.description ?? url.absoluteString
        switch error.kind {
        case .timedOut:
            return AemError(.timedOut, "\(host) did not answer within \(configuration.timeout); try again, or raise the timeout.", url: url)
        case .connectionLost:
            return AemError(.network, "The connection to \(host) broke before the answer was complete (\(error.detail)).", url: url)
        case .connectionFailed:
            return AemError(.network, "Could not connect to \(host) (\(error.detail)); check the host name and your network.", url: url)
        }
    }
}

extension HTTPBody {
    /// Reads and drops what is left of a body, so the connection can be reused.
    func discard() async {
        do {
            for try await _ in self {}
        } catch {}
    }
}

extension Aem {
    /// The absolute URL of an image: its `_dynamicUrl` when present, else its `_path`, on this
    /// service's origin unless the value is already absolute.
    public func imageURL(for image: ImageReference) -> URL? {
        image.url(on: configuration.origin)
    }
}
