import AEMHeadless
import Foundation

/// The author service's Sites API (`/adobe/sites`): content fragments and models read and written under entity tags,
/// publishing, versions and tags. Make the client with the author host; every request goes through the client's one
/// answer pipeline (credentials only to the origin, the body-size limit, redirects, errors as `AemError` with AEM's
/// Problem Details in the message), never through its response cache: author content is a draft.
extension Aem {
    /// Sends a Sites API request and reads its answer into the request's value.
    ///
    /// Only what is safe to send twice is retried after a lost connection or a 502, 503 or 504: reads, and PUT and
    /// DELETE, which always carry `If-Match`. A POST or PATCH is sent again only when AEM refused it unprocessed
    /// (429) or no connection could be made; one whose connection broke, or that timed out, after it was sent fails
    /// with `.network` or `.timedOut` saying that the change may or may not have been made: read what it changes
    /// to find out.
    ///
    /// Author throttles a client for about a minute once it answers 429. The wait `Retry-After` asks for (65 s when
    /// it says nothing) is waited out when `configuration.retry` allows waits that long (`maxRetryAfter`;
    /// `RetryPolicy.authorService` does), else the request fails at once with `.rateLimited`, saying when to try
    /// again.
    ///
    /// A write answered without what it made (204, or no body) reads it again and returns that: see
    /// `SitesRequest.replace(_:)`.
    /// - Throws: `AemError`: `.preconditionFailed` (412: it changed since it was read; read it again and apply the
    ///   change to the fresh copy), `.preconditionRequired` (428), `.conflict` (409, such as deleting a published
    ///   fragment), `.rateLimited` (429), `.notFound`, `.unauthorized`, `.httpStatus` (400 with AEM's `detail` in
    ///   the message and `problemDetails`), `.invalidRequest` from the request's checks, and as any request fails;
    ///   `CancellationError`.
    public func send<Value>(_ request: SitesRequest<Value>) async throws -> Value {
        switch try await reading(request) {
        case .value(let value):
            return value
        case .readAgain(let followUp):
            return try await readAgain(followUp)
        }
    }

    /// The fragments below `path` (sub-folders included; every fragment the user may read when nil), each with its
    /// entity tag, page by page as they are iterated.
    /// - Throws: `AemError` `.invalidRequest` at once, before anything is sent, as
    ///   `SitesRequest.fragmentPage(under:pageSize:cursor:)` does; each page as `send(_:)` does.
    public func authoredFragments(under path: String? = nil, pageSize: Int = 50) throws(AemError)
        -> SitesPages<AuthoredFragment>
    {
        _ = try SitesRequest.fragmentPage(under: path, pageSize: pageSize)
        return SitesPages { cursor in
            try await send(.fragmentPage(under: path, pageSize: pageSize, cursor: cursor))
        }
    }

    /// The content fragment models the user may read, page by page as they are iterated.
    /// - Throws: `AemError` `.invalidRequest` at once when `pageSize` is outside 1…50; each page as `send(_:)` does.
    public func fragmentModels(pageSize: Int = 50) throws(AemError) -> SitesPages<FragmentModel> {
        _ = try SitesRequest.modelPage(pageSize: pageSize)
        return SitesPages { cursor in
            try await send(.modelPage(pageSize: pageSize, cursor: cursor))
        }
    }

    /// The saved versions of the fragment with `fragmentID`, page by page as they are iterated.
    /// - Throws: `AemError` `.invalidRequest` at once for an empty id or a `pageSize` outside 1…50; each page as
    ///   `send(_:)` does.
    public func versions(of fragmentID: String, pageSize: Int = 50) throws(AemError) -> SitesPages<FragmentVersion> {
        _ = try SitesRequest.versionPage(of: fragmentID, pageSize: pageSize)
        return SitesPages { cursor in
            try await send(.versionPage(of: fragmentID, pageSize: pageSize, cursor: cursor))
        }
    }

    /// Sends one request and reads its answer, a broken connection of a write that is not safe to send twice named
    /// as such.
    private func reading<Value>(_ request: SitesRequest<Value>) async throws -> SitesReading<Value> {
        let origin = configuration.origin
        let url = request.url(on: origin)
        let answer: AemAnswer
        do {
            answer = try await self.answer(
                url, method: request.method, headers: request.headers, body: request.body,
                throttleWhenUnsaid: SitesEndpoints.throttle)
        } catch let error as AemError {
            throw Self.unknownOutcome(of: request, error) ?? error
        }
        return try request.reading(answer, origin: origin, scrubber: configuration.scrubber)
    }

    /// For a write that is not safe to send twice and was cut off after it was sent, the error saying that it may or
    /// may not have landed, and how to find out; nil for any other error.
    private static func unknownOutcome<Value>(of request: SitesRequest<Value>, _ error: AemError) -> AemError? {
        guard !request.isRepeatable, let cause = error.underlyingError as? AemHTTPTransportError,
            cause.kind != .connectionFailed
        else { return nil }
        let what =
            cause.kind == .timedOut
            ? "AEM did not answer in time"
            : "The connection to AEM broke before the answer was complete (\(cause.detail))"
        return AemError(
            error.kind,
            "\(what) for \(request.subject): the \(request.method) may or may not have made its change, and it was not sent again. \(request.outcomeCheck)",
            url: error.url, underlyingError: cause)
    }

    /// Reads what a write made, again while what it reads does not show the write yet (within
    /// `SitesEndpoints.rereadWaits`); after the last try, what was read is taken as it is.
    private func readAgain<Value>(_ followUp: SitesFollowUp<Value>) async throws -> Value {
        let waits = SitesEndpoints.rereadWaits
        var latest: Value?
        for (number, wait) in waits.enumerated() {
            if wait > .zero { try await Task.sleep(for: wait) }
            let isLast = number == waits.count - 1
            do {
                let value = try await send(followUp.request)
                if isLast || followUp.shows(value) { return value }
                latest = value
            } catch let error as AemError where error.kind == .notFound && followUp.waitsForExistence && !isLast {
                continue
            }
        }
        guard let latest else {
            throw AemError(
                .notFound,
                SitesRequest<Value>.sentenceCase(followUp.request.subject)
                    + " could not be read after the change was made.")
        }
        return latest
    }
}
