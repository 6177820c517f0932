import Foundation

/// A response as a cache keeps it: the status, the headers that matter for reuse and decoding,
/// the body, and when it was received.
public struct CachedResponse: Sendable, Hashable {
    /// The HTTP status of the stored answer.
    public var status: Int
    /// The headers kept for reuse and decoding (see `keptHeaderNames`).
    public var headers: AemHTTPHeaders
    /// The body exactly as received.
    public var body: Data
    /// When the response was received (or last confirmed by a 304).
    public var storedAt: Date
    /// What content it holds (`path:…`, `id:…`, `model:…`), so that a content event makes it stale
    /// (`ResponseCache.invalidate(_:)`).
    public var tags: Set<String>
    /// The mark of the content change that made it stale, sent as a cache-buster by the next read; nil while no
    /// change has.
    public var changeMark: String?

    /// Keeps only the headers in `keptHeaderNames`.
    public init(
        status: Int, headers: AemHTTPHeaders, body: Data, storedAt: Date, tags: Set<String> = [],
        changeMark: String? = nil
    ) {
        self.status = status
        self.headers = Self.kept(headers)
        self.body = body
        self.storedAt = storedAt
        self.tags = tags
        self.changeMark = changeMark
    }

    /// The headers a cache keeps: those that decide freshness, revalidation and decoding.
    static let keptHeaderNames = [
        "Content-Type", "Cache-Control", "Expires", "Date", "Age", "ETag", "Last-Modified",
    ]

    /// What the headers say about reusing this response.
    var freshness: CacheFreshness { CacheFreshness(headers: headers, receivedAt: storedAt) }

    /// `If-None-Match` and `If-Modified-Since` from the validators, for a conditional GET.
    var conditionalHeaders: AemHTTPHeaders {
        var result = AemHTTPHeaders()
        result.setConditions(etag: headers["ETag"], lastModified: headers["Last-Modified"])
        return result
    }

    /// This response confirmed by a 304 received at `now`: the 304's kept headers replace the
    /// stored ones (RFC 9111 section 4.3.4), and its age starts again.
    func refreshed(by notModified: AemHTTPHeaders, at now: Date) -> CachedResponse {
        var merged = headers
        for name in Self.keptHeaderNames where name != "Content-Type" {
            if let value = notModified[name] { merged.set(name: name, value: value) }
        }
        if notModified["Age"] == nil { merged.remove(name: "Age") }
        return CachedResponse(status: status, headers: merged, body: body, storedAt: now, tags: tags)
    }

    private static func kept(_ headers: AemHTTPHeaders) -> AemHTTPHeaders {
        var result = AemHTTPHeaders()
        for field in headers where keptHeaderNames.contains(where: { $0.caseInsensitiveEquals(field.name) }) {
            result.add(name: field.name, value: field.value)
        }
        return result
    }
}
