/// A refusal of the author tier, answered as Problem Details (aem-openapi.md §4.6.3).
struct SitesError: Error, Sendable {
    var status: Int
    var detail: String
    var headers: [(String, String)] = []

    /// 400: a request or value the service does not take.
    static func invalid(_ detail: String) -> SitesError { SitesError(status: 400, detail: detail) }

    /// 404: nothing at that id or path.
    static func notFound(_ detail: String) -> SitesError { SitesError(status: 404, detail: detail) }

    /// 409: the state of the fragment does not allow it.
    static func conflict(_ detail: String) -> SitesError { SitesError(status: 409, detail: detail) }

    /// 412: the tag sent is not the fragment's.
    static func staleTag(_ what: String) -> SitesError {
        SitesError(
            status: AuthorRules.staleTagStatus,
            detail:
                "\(what) has changed since the entity tag sent in If-Match was read: read it again and apply the change to the current version."
        )
    }

    /// 428: a write without `If-Match`.
    static func missingTag(_ what: String) -> SitesError {
        SitesError(
            status: AuthorRules.missingIfMatchStatus,
            detail:
                "A write of \(what) needs the entity tag it was based on in If-Match: read the fragment, and send its ETag."
        )
    }

    /// The answer.
    var reply: Reply {
        guard case .raw(let status, let base, let body) = ProblemDetails.reply(status, detail) else {
            return ProblemDetails.reply(status, detail)
        }
        return .raw(status: status, headers: base + headers, body: body)
    }
}
