import Foundation

/// A client for one AEM service: it runs persisted queries and delivery API requests, through
/// its response cache when it has one.
///
/// ```swift
/// let aem = Aem(try AemConfiguration(host: "publish-p123-e456.adobeaemcloud.com"),
///               transport: URLSessionTransport(),            // from AEMHeadlessURLSession
///               cache: try SQLiteResponseCache(fileURL: cacheFile))  // from AEMHeadlessSQLiteCache
/// let query = PersistedQuery<ArticleList>("my-site/articles", variables: ["limit": 5])
/// let articles = try await aem.execute(query)
/// for article in articles.data?.items ?? [] { print(article.title) }
/// print(articles.source)   // network, cache, revalidated or staleCache
/// ```
///
/// Reads are GETs, so they are retried per `configuration.retry`. Redirects are followed by
/// the client itself, and credentials and extra headers go only to the configured origin.
public struct Aem: Sendable {
    /// The AEM service, credentials, timeout and retry rules this client was made with.
    public let configuration: AemConfiguration
    /// The store of answers that reads go through; nil when every read asks the server.
    public let cache: (any ResponseCache)?
    /// How a read that names no policy uses the cache.
    public let policy: CachePolicy
    let transport: any AemHTTPTransport
    private let observer: (any AemObserver)?
    /// Says when `invalidateCache(for:)` marked answers stale; shared with the copies `with(cache:policy:)` makes.
    package let cacheChanges: CacheChangeSignal
    /// The content changes it was told of lately; shared with the copies `with(cache:policy:)` makes.
    let recentChanges: RecentChanges

    /// The most redirects followed for one request.
    static let maxRedirects = 5

    /// A client for the service that `configuration` describes, sending its requests through `transport`.
    ///
    /// - Parameters:
    ///   - configuration: the service, its credentials and how requests are sent and retried.
    ///   - transport: how requests are sent: `URLSessionTransport` (AEMHeadlessURLSession), the
    ///     natural choice on Apple platforms, or `AsyncHTTPClientTransport`
    ///     (AEMHeadlessAsyncHTTPClient), quicker to start and streaming with back-pressure on Linux.
    ///   - cache: where answers are kept between reads and runs, such as `SQLiteResponseCache`
    ///     (AEMHeadlessSQLiteCache); none by default, and none for a configuration that reads drafts.
    ///   - policy: how reads use the cache unless they say otherwise: HTTP's rules by default.
    ///   - observer: sees every request really sent and its answer, retries and redirects
    ///     included: for logging and metrics. None by default.
    public init(
        _ configuration: AemConfiguration, transport: any AemHTTPTransport, cache: (any ResponseCache)? = nil,
        policy: CachePolicy = .useHTTPSemantics, observer: (any AemObserver)? = nil
    ) {
        self.configuration = configuration
        self.transport = transport
        self.cache = configuration.perspective.isCached ? cache : nil
        self.policy = policy
        self.observer = observer
        cacheChanges = CacheChangeSignal()
        recentChanges = RecentChanges()
    }

    /// This client with `cache` (none for nil) and `policy` in place of its own, sharing its transport and observer.
    public func with(cache: (any ResponseCache)?, policy: CachePolicy? = nil) -> Aem {
        Aem(
            configuration, transport: transport, cache: cache, policy: policy ?? self.policy, observer: observer,
            cacheChanges: cacheChanges, recentChanges: recentChanges)
    }

    private init(
        _ configuration: AemConfiguration, transport: any AemHTTPTransport, cache: (any ResponseCache)?,
        policy: CachePolicy, observer: (any AemObserver)?, cacheChanges: CacheChangeSignal,
        recentChanges: RecentChanges
    ) {
        self.configuration = configuration
        self.transport = transport
        self.cache = configuration.perspective.isCached ? cache : nil
        self.policy = policy
        self.observer = observer
        self.cacheChanges = cacheChanges
        self.recentChanges = recentChanges
    }

    /// Runs a persisted query and decodes its `data` into `Response`, keeping any GraphQL errors
    /// beside the data, through the cache under `policy` (the client's when nil).
    ///
    /// Only complete, decodable 200 answers are stored, never one marked `no-store`. A stored
    /// answer that no longer decodes is dropped and fetched again.
    /// - Throws: `AemError` when the answer is not a GraphQL response (with the status, URL, body
    ///   excerpt and an explanation) and no cached answer may stand in; `CacheMissError` under
    ///   `.returnCacheDataDontFetch` with nothing cached; `CancellationError`.
    public func execute<Response>(
        _ query: PersistedQuery<Response>, policy: CachePolicy? = nil
    ) async throws -> Fetched<GraphQLResult<Response>> {
        try await CachedRequest(aem: self, query: query).run(policy ?? self.policy)
    }

    /// Runs a persisted query and returns its answer undecoded, whatever the status: the bytes
    /// exactly as AEM sent them, never from the cache. Retries and redirects are handled as for `execute`.
    public func rawResponse<Response>(_ query: PersistedQuery<Response>) async throws -> (
        head: AemHTTPResponseHead, body: Data
    ) {
        let answer = try await answer(query.url(on: configuration.origin))
        return (answer.head, answer.body)
    }

    /// Decodes a persisted query's answer that was fetched some other way, exactly as `execute` decodes what it
    /// fetches.
    package func decode<Response>(
        _ query: PersistedQuery<Response>, body: Data, status: Int = 200,
        headers: AemHTTPHeaders = ["Content-Type": "application/json"]
    ) throws -> GraphQLResult<Response> {
        let url = query.url(on: configuration.origin)
        return try decode(query, answer: AemAnswer(status: status, headers: headers, body: body, url: url))
    }

    /// Decodes a persisted query's whole answer.
    package func decode<Response>(
        _ query: PersistedQuery<Response>, answer: AemAnswer
    ) throws(AemError) -> GraphQLResult<Response> {
        try GraphQLResponseDecoder(
            queryPath: query.path, origin: configuration.origin, url: answer.url, scrubber: configuration.scrubber
        )
        .decode(Response.self, answer: answer)
    }

    /// Sends a request and reads its whole answer: the one step under every reader of this
    /// client (queries, the response cache, query management, a mirror's pages, any other
    /// endpoint of the service).
    ///
    /// Redirects within the origin are followed. Only what is safe to send twice is retried per
    /// `configuration.retry` on a failed connection, on 429, 502, 503 and 504 (honouring
    /// `Retry-After`) and when the connection breaks while the body arrives: a GET or HEAD, and a
    /// PUT or DELETE made conditional with `If-Match` (a repeat of one that landed fails with 412
    /// instead of writing twice). Any other request, such as a POST or PATCH, is sent again only
    /// when it is known not to have been processed: answered 429, or refused a connection before
    /// anything was sent. The body is read up to `configuration.maxResponseBytes`. Any status is
    /// returned: what it means is the reader's to say (`AemAnswer` tells an HTML page or an empty
    /// body).
    ///
    /// - Parameters:
    ///   - url: the absolute URL; credentials and `configuration.extraHeaders` go only to the
    ///     configured origin.
    ///   - headers: header fields of this request, such as `If-None-Match`; `Accept` defaults
    ///     to `application/json`.
    ///   - throttleWhenUnsaid: how long the service is known to throttle, waited after a 429
    ///     without `Retry-After` (within `configuration.retry.maxRetryAfter`) in place of the
    ///     policy's back-off; nil for the back-off.
    /// - Throws: `AemError` (`.network`, `.timedOut`, `.bodyTooLarge`), `SignInError` when a
    ///   token cannot be had, or `CancellationError`; never a transport's own error. A request
    ///   that is not safe to send twice and whose connection broke, or that timed out, after it
    ///   was sent is reported as such: it may or may not have taken effect.
    package func answer(
        _ url: URL, method: String = "GET", headers: AemHTTPHeaders = [:], body: Data? = nil,
        throttleWhenUnsaid: Duration? = nil
    ) async throws -> AemAnswer {
        var fields: AemHTTPHeaders = ["Accept": "application/json"]
        for field in headers { fields.set(name: field.name, value: field.value) }
        let limit = configuration.maxResponseBytes
        let sent = Outgoing(
            url: url, method: method, headers: fields, body: body, throttleWhenUnsaid: throttleWhenUnsaid)
        let (response, whole, attempts) = try await fetch(sent) { response in
            do {
                return try await response.body.collect(upTo: limit)
            } catch let error as BodyTooLargeError {
                throw AemError(
                    .bodyTooLarge,
                    "The answer from \(configuration.origin) to \(url.path) is larger than the limit of \(limit) bytes.",
                    url: url, status: response.status, underlyingError: error)
            }
        }
        var answer = AemAnswer(status: response.status, headers: response.headers, body: whole, url: url)
        answer.attempts = attempts
        return answer
    }

    /// Sends a GET and returns the response with its body still to be read, for downloads.
    ///
    /// Retries and redirects are handled; any status is returned as it is after that. The
    /// credentials and extra headers are added only when a URL is on the configured origin.
    package func get(_ url: URL, headers: AemHTTPHeaders = [:]) async throws -> AemHTTPResponse {
        try await fetch(Outgoing(url: url, method: "GET", headers: headers, body: nil)) { _ in () }.response
    }

    /// Whether a request with `method` and `headers` may be sent twice without harm, so that it may be retried after
    /// a lost connection or a 502, 503 or 504: a GET or HEAD, or a PUT or DELETE with `If-Match` (a repeat of one
    /// that landed fails with 412 instead of writing twice).
    package static func isRepeatable(method: String, headers: AemHTTPHeaders) -> Bool {
        switch method.uppercased() {
        case "GET", "HEAD": true
        case "PUT", "DELETE": headers["If-Match"] != nil
        default: false
        }
    }

    /// One request as the caller asked for it, before signing and redirects.
    private struct Outgoing {
        var url: URL
        var method: String
        var headers: AemHTTPHeaders
        var body: Data?
        /// The wait after a 429 without `Retry-After`; nil for the policy's back-off.
        var throttleWhenUnsaid: Duration? = nil

        /// Whether sending it twice does no harm (`Aem.isRepeatable(method:headers:)`).
        var isIdempotent: Bool { Aem.isRepeatable(method: method, headers: headers) }

        /// Whether a try answered `status` may be followed by another: any status the policy retries when the
        /// request is idempotent, else only 429, which says the request was refused without being processed.
        func mayRetry(status: Int) -> Bool {
            isIdempotent || status == 429
        }

        /// Whether a try that failed below HTTP may be followed by another: a connection that could not be made
        /// sent nothing; one lost after the request went out only when the request is idempotent; a timeout
        /// never (the server may still be working on it).
        func mayRetry(after error: AemHTTPTransportError) -> Bool {
            switch error.kind {
            case .connectionFailed: true
            case .connectionLost: isIdempotent
            case .timedOut: false
            }
        }

        /// The `Retry-After` a response to this request is read with: its own, else, for a 429, the wait the
        /// service is known to hold.
        func retryAfter(of response: AemHTTPResponse) -> String? {
            if let value = response.headers["Retry-After"] { return value }
            guard response.status == 429, let throttleWhenUnsaid else { return nil }
            return String(throttleWhenUnsaid.components.seconds)
        }
    }

    /// Sends a request, retried as `Outgoing.mayRetry` allows, then reads what `finish` reads of the response; a
    /// connection lost while reading is retried like one lost before the answer. Also returns how many tries it
    /// took.
    private func fetch<Result: Sendable>(
        _ outgoing: Outgoing, finish: (AemHTTPResponse) async throws -> Result
    ) async throws -> (response: AemHTTPResponse, result: Result, attempts: Int) {
        let url = outgoing.url
        var attempt = 0
        while true {
            attempt += 1
            try Task.checkCancellation()
            do {
                let response = try await followingRedirects(outgoing, attempt: attempt)
                if outgoing.mayRetry(status: response.status),
                    let delay = configuration.retry.delay(
                        afterAttempt: attempt, status: response.status, retryAfter: outgoing.retryAfter(of: response))
                {
                    await response.body.discard()
                    try await Task.sleep(for: delay)
                    continue
                }
                return (response, try await finish(response), attempt)
            } catch let error as AemHTTPTransportError {
                guard outgoing.mayRetry(after: error),
                    let delay = configuration.retry.delay(afterAttempt: attempt, status: nil, retryAfter: nil)
                else {
                    throw networkError(error, url: url, unsafeMethod: outgoing.isIdempotent ? nil : outgoing.method)
                }
                try await Task.sleep(for: delay)
            }
        }
    }

    private func followingRedirects(_ outgoing: Outgoing, attempt: Int) async throws -> AemHTTPResponse {
        var current = outgoing.url
        var method = outgoing.method
        var body = outgoing.body
        for _ in 0...Self.maxRedirects {
            let response = try await sendSigned(
                current, method: method, body: body, headers: outgoing.headers, attempt: attempt)
            guard [301, 302, 303, 307, 308].contains(response.status),
                let location = response.headers["Location"],
                let next = URL(string: location, relativeTo: current)?.absoluteURL,
                AemOrigin(of: next) != nil
            else { return response }
            await response.body.discard()
            current = next
            if response.status == 303 || (method == "POST" && [301, 302].contains(response.status)) {
                // As browsers do: the redirect is followed with a GET and no body.
                method = "GET"
                body = nil
            }
        }
        throw AemError(
            .network, "\(outgoing.url.host ?? "The server") redirected more than \(Self.maxRedirects) times.",
            url: outgoing.url)
    }

    /// Sends one request through the transport, telling the observer.
    func send(_ request: AemHTTPRequest, attempt: Int) async throws -> AemHTTPResponse {
        observer?.willSend(request, attempt: attempt)
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let response = try await transport.send(request)
            observer?.didReceive(response.head, for: request, attempt: attempt, duration: clock.now - start)
            return response
        } catch let error as AemHTTPTransportError {
            observer?.didFail(error, for: request, attempt: attempt, duration: clock.now - start)
            throw error
        }
    }

    /// The request for `url`: on the configured origin with the extra headers and `authorization`.
    func request(
        for url: URL, method: String = "GET", body: Data? = nil, headers: AemHTTPHeaders,
        authorization: String?
    ) -> AemHTTPRequest {
        var all = headers
        all.set(name: "User-Agent", value: configuration.userAgent)
        if configuration.origin.contains(url) {
            for field in configuration.extraHeaders { all.set(name: field.name, value: field.value) }
            if let authorization {
                all.set(name: "Authorization", value: authorization)
            }
        } else {
            all.remove(name: "Authorization")
        }
        return AemHTTPRequest(method: method, url: url, headers: all, body: body, timeout: configuration.timeout)
    }

    /// The error for a failure below HTTP. `unsafeMethod` names the method of a request that is not safe to send
    /// twice, whose effect a broken connection or a timeout leaves unknown.
    func networkError(_ error: AemHTTPTransportError, url: URL, unsafeMethod method: String? = nil) -> AemError {
        let host = AemOrigin(of: url)?.description ?? url.absoluteString
        if let method, error.kind != .connectionFailed {
            let what =
                error.kind == .timedOut
                ? "\(host) did not answer the \(method) within \(Self.seconds(configuration.timeout))"
                : "The connection to \(host) broke before the answer to the \(method) was complete (\(error.detail))"
            return AemError(
                error.kind == .timedOut ? .timedOut : .network,
                what
                    + ": the change may or may not have been made, and it was not sent again. Read what it changes to find out before sending it again.",
                url: url, underlyingError: error)
        }
        switch error.kind {
        case .timedOut:
            return AemError(
                .timedOut,
                "\(host) did not answer within \(Self.seconds(configuration.timeout)); try again, or allow a longer timeout.",
                url: url, underlyingError: error)
        case .connectionLost:
            return AemError(
                .network, "The connection to \(host) broke before the answer was complete (\(error.detail)).",
                url: url, underlyingError: error)
        case .connectionFailed:
            return AemError(
                .network, "Could not connect to \(host) (\(error.detail)); check the host name and your network.",
                url: url, underlyingError: error)
        }
    }
}

extension AemHTTPBody {
    /// Reads and drops what is left of a body, so the connection can be reused.
    package func discard() async {
        do {
            for try await _ in self {}
        } catch {}
    }
}

extension Aem {
    /// A duration as people read it: `30 s`, `2.5 s`.
    static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }
}
