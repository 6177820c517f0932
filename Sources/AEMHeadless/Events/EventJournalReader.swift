import Foundation

/// Reads an Adobe I/O Events journal — AEM's content events — as an `AsyncSequence` of batches, from a position or
/// the start: it follows each answer's `Link: <…>; rel="next"` (relative to the journal's URL), waits as a 204's
/// `retry-after` says at the end of the journal (at least 0.1 s, at most `longestWait`), and ends with
/// `JournalPositionExpired` on a 410.
///
/// ```swift
/// let reader = EventJournalReader(aem: aem, journal: url, since: savedPosition,
///                                 apiKey: clientID, organization: "ABC123@AdobeOrg")
/// for try await batch in reader.batches() {
///     for event in batch.events where event.type.hasPrefix("aem.sites.contentFragment.") { … }
///     savedPosition = batch.position   // after applying
/// }
/// ```
///
/// Requests go through `Aem.answer`: on the AEM origin (as `wknd serve`'s journal is) they carry the client's
/// credentials; Adobe's journal is on another host (`events-va6.adobe.io`), which gets the token only from
/// `token`, with `x-api-key` and `x-ims-org-id`.
public struct EventJournalReader: Sendable {
    package let aem: Aem
    /// The journal's URL, as the Developer Console's registration shows it.
    package let journal: URL
    /// Read after this position; nil: from the oldest event kept.
    public var since: String?
    /// At most this many events a batch (the journal may give fewer while more wait).
    public var limit: Int?
    /// The client id, sent as `x-api-key`.
    public var apiKey: String?
    /// The IMS organization (`…@AdobeOrg`), sent as `x-ims-org-id`.
    public var organization: String?
    /// A token for a journal on another host than the AEM origin, sent as `Authorization: Bearer`.
    public var token: (any AccessTokenProvider)?
    /// The longest wait at the end of the journal, whatever `retry-after` says.
    public var longestWait: Duration

    public init(
        aem: Aem, journal: URL, since: String? = nil, limit: Int? = nil, apiKey: String? = nil,
        organization: String? = nil, token: (any AccessTokenProvider)? = nil, longestWait: Duration = .seconds(60)
    ) {
        self.aem = aem
        self.journal = journal
        self.since = since
        self.limit = limit
        self.apiKey = apiKey
        self.organization = organization
        self.token = token
        self.longestWait = longestWait
    }

    /// Each batch of events as the journal gives it, in order, until the task is cancelled; waiting at the end of the
    /// journal. Ends with `JournalPositionExpired` on a 410, or the `AemError` of any other failure.
    public func batches() -> AsyncThrowingStream<JournalBatch, any Error> {
        .producing { [self] continuation in
            var url = try firstURL()
            var position = since
            while !Task.isCancelled {
                let answer = try await aem.answer(url, headers: try await headers())
                let next = Self.nextLink(in: answer.headers, relativeTo: journal)
                switch answer.status {
                case 200:
                    let events = try Self.events(in: answer)
                    position = events.last?.position ?? position
                    continuation.yield(JournalBatch(events: events, position: position))
                    url = try next ?? self.url(since: position)
                case 204:
                    url = try next ?? self.url(since: position)
                    // Never less than a tenth of a second: a journal answering `retry-after: 0` is not asked in a
                    // tight loop.
                    try await Task.sleep(
                        for: min(max(Self.retryAfter(answer.headers), .milliseconds(100)), longestWait))
                case 410:
                    throw JournalPositionExpired(position: position ?? "")
                default:
                    throw AemError(
                        .httpStatus, "The event journal \(journal.absoluteString) answered \(answer.status).",
                        url: url, status: answer.status)
                }
            }
        }
    }

    /// The position at the journal's end (`latest=true`): reading from it gives only events recorded after now. Nil
    /// when the journal gave none (an empty journal: read it from its start).
    public func latestPosition() async throws -> String? {
        var latest = try url(since: nil)
        latest.append(queryItems: [URLQueryItem(name: "latest", value: "true")])
        let answer = try await aem.answer(latest, headers: try await headers())
        switch answer.status {
        case 200:
            return try Self.events(in: answer).last?.position
        case 204:
            let next = Self.nextLink(in: answer.headers, relativeTo: journal)
            return next.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }?.queryItems?
                .first { $0.name == "since" }?.value
        default:
            throw AemError(
                .httpStatus, "The event journal \(journal.absoluteString) answered \(answer.status).", url: latest,
                status: answer.status)
        }
    }

    private func firstURL() throws -> URL { try url(since: since) }

    /// The journal's URL with `since` and `limit`.
    private func url(since: String?) throws -> URL {
        guard var components = URLComponents(url: journal, resolvingAgainstBaseURL: false) else {
            throw AemError(.invalidRequest, "\(journal.absoluteString) is not a journal URL.")
        }
        var items = (components.queryItems ?? []).filter { $0.name != "since" && $0.name != "limit" }
        if let since { items.append(URLQueryItem(name: "since", value: since)) }
        if let limit { items.append(URLQueryItem(name: "limit", value: String(limit))) }
        components.queryItems = items.isEmpty ? nil : items
        guard let url = components.url else {
            throw AemError(.invalidRequest, "\(journal.absoluteString) is not a journal URL.")
        }
        return url
    }

    private func headers() async throws -> AemHTTPHeaders {
        var headers: AemHTTPHeaders = [:]
        if let apiKey { headers.set(name: "x-api-key", value: apiKey) }
        if let organization { headers.set(name: "x-ims-org-id", value: organization) }
        if let token {
            let current = try await token.token(replacing: nil, using: aem.transport)
            headers.set(name: "Authorization", value: "Bearer " + current.value)
        }
        return headers
    }

    /// The events of a 200's `{"events": [{"position", "event"}], "_page": …}`.
    static func events(in answer: AemAnswer) throws -> [JournalEvent] {
        guard let json = try? UntypedJSON(parsing: answer.body),
            case .array(let items)? = json["events"]
        else {
            throw AemError(
                .invalidResponse, "The event journal's answer is not its JSON (`events`).", url: answer.url,
                status: answer.status)
        }
        return items.compactMap { item in
            guard let position = item["position"]?.stringValue, let event = item["event"] else { return nil }
            return JournalEvent(position: position, event: event)
        }
    }

    /// The `rel="next"` target of the `Link` headers (repeated or comma-separated), resolved against `base`.
    static func nextLink(in headers: AemHTTPHeaders, relativeTo base: URL) -> URL? {
        let values = headers.filter { $0.name.lowercased() == "link" }.map(\.value)
        for value in values {
            var rest = Substring(value)
            while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
                let target = rest[rest.index(after: open)..<close]
                let parametersEnd = rest[close...].firstIndex(of: "<") ?? rest.endIndex
                let parameters = rest[close..<parametersEnd].lowercased()
                if parameters.contains("rel=\"next\"") || parameters.contains("rel=next") {
                    return URL(string: String(target), relativeTo: base)?.absoluteURL
                }
                rest = rest[parametersEnd...]
            }
        }
        return nil
    }

    /// A 204's `retry-after` in seconds; 10 when it has none (the journal's own default).
    static func retryAfter(_ headers: AemHTTPHeaders) -> Duration {
        let seconds = headers["retry-after"].flatMap { Double($0.trimmingCharacters(in: .whitespaces)) } ?? 10
        return .milliseconds(Int(max(0, min(seconds, 3600)) * 1000))
    }
}
