import AEMHeadless
import Foundation

/// One request to the author service's Sites API (`/adobe/sites`), as a value: what is sent, and how the answer
/// becomes `Value`. `Aem.send(_:)` runs it; the static members make them, checked before anything is sent:
///
/// ```swift
/// let aem = Aem(try AemConfiguration(host: "author-p123-e456.adobeaemcloud.com",
///                                    authentication: .token(token), retry: .authorService),
///               transport: URLSessionTransport())
/// let fragment = try await aem.send(.fragment(id: "6d980e6a-c9e7-444b-af43-5503c46a061c"))
/// var edit = FragmentEdit(fragment)
/// try edit.setValues(["Ian"], forField: "firstName")
/// let saved = try await aem.send(.patch(edit))
/// let outcome = try await aem.send(.publish(paths: [saved.path]))
/// ```
///
/// Reads: `fragment(id:references:)`, `fragment(path:references:)`, `fragmentPage(under:pageSize:cursor:)`,
/// `modelPage(pageSize:cursor:)`, `model(id:)`, `versionPage(of:pageSize:cursor:)`, `tags(of:)`. Writes:
/// `create(_:)`, `replace(_:)`, `patch(_:)`, `delete(_:)`, `deleteAndUnpublish(_:)`,
/// `publish(paths:filterReferencesByStatus:to:)`, `unpublish(paths:from:)`, `createVersion(of:label:comment:)`,
/// `restore(version:of:)`, `replaceTags(_:of:)`. A write that
/// needs the entity tag of what it changes takes the value that was read, never a bare id, so that it cannot go out
/// without one.
public struct SitesRequest<Value: Sendable>: Sendable {
    /// The HTTP method: `GET`, `POST`, `PUT`, `PATCH` or `DELETE`.
    public let method: String
    /// The request target on the author origin, percent-encoded: `/adobe/sites/cf/fragments/{id}?references=none`.
    public let target: String
    /// The header fields of this request: `If-Match`, `Content-Type`; the client adds its own (credentials,
    /// `Accept`, `User-Agent`).
    public let headers: AemHTTPHeaders
    /// The body, JSON; nil for none.
    public let body: Data?
    /// What is asked for, for messages: `the content fragment at /content/dam/…`.
    let subject: String
    /// Whether a 404 says that the service does not serve the Sites API (a list, a create, a publish) rather than
    /// that what was asked for is missing.
    let isCollection: Bool
    /// What a 409 means for this request and how to get past it; nil for the general advice.
    let conflict: SitesConflict?
    /// How to find out whether this write landed when its answer was cut off: a sentence.
    let outcomeCheck: String
    /// Reads a successful answer: the value, or the request that reads it again.
    let read: @Sendable (SitesAnswer) throws(SitesReadFailure) -> SitesReading<Value>

    /// A request; `json`, when given, is the body, sent as `contentType`.
    init(
        method: String, target: String, ifMatch tag: EntityTag? = nil, json: UntypedJSON? = nil,
        contentType: String = "application/json", subject: String, isCollection: Bool = false,
        conflict: SitesConflict? = nil, outcomeCheck: String? = nil,
        read: @escaping @Sendable (SitesAnswer) throws(SitesReadFailure) -> SitesReading<Value>
    ) {
        var headers = AemHTTPHeaders()
        if let tag { headers.set(name: "If-Match", value: tag.headerValue) }
        if json != nil { headers.set(name: "Content-Type", value: contentType) }
        if method == "GET" {
            // Author content is a draft that changes: nothing between may answer with an older copy.
            headers.set(name: "Cache-Control", value: "no-cache")
        }
        self.method = method
        self.target = target
        self.headers = headers
        body = json.map { Data($0.jsonBytes()) }
        self.subject = subject
        self.isCollection = isCollection
        self.conflict = conflict
        self.outcomeCheck = outcomeCheck ?? "Read \(subject) to find out before sending it again."
        self.read = read
    }

    /// Whether sending it twice does no harm, so that it is retried after a lost connection or a 502, 503 or 504:
    /// a read, or a PUT or DELETE sent with `If-Match`. Any other write is sent again only when AEM refused it
    /// unprocessed (429), or no connection could be made.
    public var isRepeatable: Bool {
        Aem.isRepeatable(method: method, headers: headers)
    }

    /// The absolute URL on `origin`.
    public func url(on origin: AemOrigin) -> URL {
        // The target holds only unreserved characters, `%XX` escapes, `/`, `?`, `&` and `=`, and the origin was
        // validated when it was made, so the text is always a valid URL.
        guard let url = URL(string: origin.description + target) else {
            preconditionFailure("Not a URL: \(origin)\(target)")
        }
        return url
    }
}

/// What a 409 means for one request: what it tried to do, and how to get past it.
struct SitesConflict: Sendable {
    /// What the request tried to do, as a verb: `delete`.
    var action: String
    /// How to get past the conflict, a sentence.
    var advice: String
}
