/// An RFC 9457 "Problem Details" body, as AEM's OpenAPI-based APIs send with a failure:
/// `{"title": "Bad Request", "status": 400, "detail": "…"}`. Every member is optional.
public struct ProblemDetails: Sendable, Hashable, CustomStringConvertible {
    /// A short summary of the kind of problem, such as `Not Found`.
    public var title: String?
    /// The HTTP status the server meant.
    public var status: Int?
    /// What went wrong with this request, in the server's words.
    public var detail: String?

    /// The problem with the given values; see each property.
    public init(title: String? = nil, status: Int? = nil, detail: String? = nil) {
        self.title = title
        self.status = status
        self.detail = detail
    }

    /// Reads the members of a JSON object; nil when it is not an object or has none of them.
    init?(json: UntypedJSON) {
        guard json.members != nil else { return nil }
        title = json["title"]?.stringValue
        status = json["status"]?.intValue
        detail = json["detail"]?.stringValue
        if title == nil, detail == nil { return nil }
    }

    /// `Not Found: No fragment with id 42.`, or whichever of the two was sent.
    public var description: String {
        switch (title, detail) {
        case (let title?, let detail?) where !detail.isEmpty: "\(title): \(detail)"
        case (let title?, _): title
        case (nil, let detail?): detail
        case (nil, nil): "no details"
        }
    }
}

extension ProblemDetails {
    /// The server's own words, for a message: the `detail`, else the `title`.
    var words: String? {
        if let detail, !detail.isEmpty { return detail }
        return title
    }
}

extension AemAnswer {
    /// The Problem Details of a JSON body (`application/problem+json` or JSON), or nil when it has none.
    package var problemDetails: ProblemDetails? {
        guard !isHTML, let json else { return nil }
        return ProblemDetails(json: json)
    }
}
