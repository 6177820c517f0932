import Foundation

/// A failure of a request to AEM, with what is needed to understand it: what kind of failure,
/// the HTTP status, the request URL (which never holds credentials), a short excerpt of the
/// body, and a sentence a person can act on.
public struct AemError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure. New kinds may be added; switch with a default.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        /// The kind's name, such as `queryNotFound`.
        public let description: String
        private init(_ name: String) { description = name }

        /// 401 or 403: credentials missing, wrong or expired, or not allowed.
        public static let unauthorized = Kind("unauthorized")
        /// 404 for a persisted query: the server has no query by that name.
        public static let queryNotFound = Kind("queryNotFound")
        /// 404 for anything else, such as an image.
        public static let notFound = Kind("notFound")
        /// An HTML page answered instead of JSON: a proxy, CDN or login page.
        public static let htmlResponse = Kind("htmlResponse")
        /// No body at all, or 204.
        public static let emptyResponse = Kind("emptyResponse")
        /// A body that is not JSON, or JSON that is not a GraphQL response.
        public static let invalidResponse = Kind("invalidResponse")
        /// JSON that does not fit the expected type; the message names the field's path.
        public static let decodingFailed = Kind("decodingFailed")
        /// A response with GraphQL errors and no data.
        public static let graphQLErrors = Kind("graphQLErrors")
        /// Any other status that is not a success, such as 500 or 503 after the retries.
        public static let httpStatus = Kind("httpStatus")
        /// The body was larger than the configured limit.
        public static let bodyTooLarge = Kind("bodyTooLarge")
        /// No connection could be made, or it broke before the answer was complete.
        public static let network = Kind("network")
        /// The request took longer than the configured timeout.
        public static let timedOut = Kind("timedOut")
        /// Persisting a new query under a name that is already taken.
        public static let queryAlreadyExists = Kind("queryAlreadyExists")
        /// AEM refused a query text it was asked to persist (it does not validate); the
        /// `graphQLErrors` say why.
        public static let queryRejected = Kind("queryRejected")
        /// The service does not store queries: a publish service, which is read-only.
        public static let persistingNotAllowed = Kind("persistingNotAllowed")
        /// A request that cannot be sent as asked, such as a folder path that is not under
        /// `/content/dam/` or a page size outside what the API takes; nothing was sent.
        public static let invalidRequest = Kind("invalidRequest")
        /// 412: what a write was based on changed since it was read (its entity tag no longer
        /// matches). Read it again and apply the change to the fresh copy.
        public static let preconditionFailed = Kind("preconditionFailed")
        /// 428: the server takes this write only with the entity tag of the copy it is based on
        /// (`If-Match`), and it came without one.
        public static let preconditionRequired = Kind("preconditionRequired")
        /// 409: the write conflicts with the current state of what it changes, such as deleting
        /// a fragment that is still published (unpublish it first).
        public static let conflict = Kind("conflict")
        /// 429 that was not retried further: the server is limiting the rate of requests, and the
        /// wait it asks for is longer than the retry policy allows (`RetryPolicy.maxRetryAfter`), or
        /// the tries ran out. The message says when to try again.
        public static let rateLimited = Kind("rateLimited")
    }

    /// What kind of failure this is; compare with the `Kind` constants.
    public var kind: Kind
    /// One or two sentences that say what happened and what to do.
    public var message: String
    /// The request's URL, which never holds credentials; nil when there was no request.
    public var url: URL?
    /// The HTTP status of AEM's answer, when there was one.
    public var status: Int?
    /// At most a few hundred characters of the body, on one line, secrets removed.
    public var bodyExcerpt: String?
    /// GraphQL errors that came with the response, such as AEM's own error details on a 500.
    public var graphQLErrors: [GraphQLError]
    /// The error that caused this one, when there was one: the transport's `AemHTTPTransportError`,
    /// the `DecodingError` behind `.decodingFailed`, or `BodyTooLargeError`.
    public var underlyingError: (any Error)?
    /// The Problem Details an OpenAPI-based API sent with a failure, when it sent them.
    public var problemDetails: ProblemDetails?

    /// An error of `kind` with a `message` a person can act on and whatever details are known: for code built on the
    /// client that reports its own failures as the client does.
    public init(
        _ kind: Kind, _ message: String, url: URL? = nil, status: Int? = nil,
        bodyExcerpt: String? = nil, graphQLErrors: [GraphQLError] = [], underlyingError: (any Error)? = nil
    ) {
        self.kind = kind
        self.message = message
        self.url = url
        self.status = status
        self.bodyExcerpt = bodyExcerpt
        self.graphQLErrors = graphQLErrors
        self.underlyingError = underlyingError
    }

    /// The message.
    public var description: String { message }

    /// The same error with `context` (what was being read, such as `Reading page 3 of the
    /// list: `) before its message.
    package func inContext(_ context: String) -> AemError {
        var error = self
        error.message = context + message
        return error
    }

    /// The details beyond the message, one `name: value` line each, for verbose diagnostics:
    /// kind, URL, status, GraphQL errors, underlying error and body excerpt.
    var detailLines: [String] {
        var lines = ["kind: \(kind)"]
        if let url { lines.append("url: \(url.absoluteString)") }
        if let status { lines.append("status: \(status)") }
        for error in graphQLErrors { lines.append("GraphQL error: \(error)") }
        if let problemDetails { lines.append("problem: \(problemDetails)") }
        if let underlyingError { lines.append("cause: \(underlyingError)") }
        if let bodyExcerpt, !bodyExcerpt.isEmpty { lines.append("body: \(bodyExcerpt)") }
        return lines
    }

    /// The message and `detailLines`, for verbose diagnostics.
    public var debugDescription: String {
        ([message] + detailLines).joined(separator: "\n")
    }

    /// A short, single-line, secret-free excerpt of a body.
    static func excerpt(of body: Data, scrubbing scrubber: SecretScrubber, limit: Int = 300) -> String {
        let text = scrubber.scrub(String(decoding: body.prefix(limit * 4), as: UTF8.self))
        let oneLine = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
        return oneLine.count > limit ? String(oneLine.prefix(limit)) + "…" : oneLine
    }
}
