import Foundation

/// A request for one persisted query: the stored query's path, its variables, and the type
/// that the response's `data` decodes into.
///
/// ```swift
/// let query = PersistedQuery<AdventureListData>(
///     "wknd-shared/adventures-all", variables: ["limit": 5, "sort": "title ASC"])
/// let result = try await aem.execute(query)
/// ```
public struct PersistedQuery<Response: Decodable & Sendable>: Sendable {
    /// The configuration and query name, such as `wknd-shared/adventures-all`.
    public var path: String
    /// Variables by name; a nil value is left out of the request, so the stored query's default applies.
    public var variables: [String: QueryVariable?]

    /// A query for the stored query at `path` (`configuration/name`) with `variables`.
    public init(_ path: String, variables: [String: QueryVariable?] = [:]) {
        self.path = path
        self.variables = variables
    }

    /// The canonical path and variable suffix, starting with `/graphql/execute.json/`.
    ///
    /// Variables are sorted by name so that one call always yields one URL (one CDN cache
    /// entry); names and values are percent-encoded with only RFC 3986's unreserved characters
    /// left as they are, so nothing inside a value can be taken for a separator. A trailing `;`
    /// ends a non-empty list.
    public var requestPath: String {
        Self.requestPath(path, variables: variables)
    }

    /// The full GET URL of the query on `origin`: the origin followed by `requestPath`.
    public func url(on origin: AemOrigin) -> URL {
        // `requestPath` holds only unreserved characters, "%XX" escapes, "/", ";" and "=", and
        // the origin was validated when it was made, so the text is always a valid URL.
        guard let url = URL(string: origin.description + requestPath) else {
            preconditionFailure("Not a URL: \(origin)\(requestPath)")
        }
        return url
    }

    private static func requestPath(_ path: String, variables: [String: QueryVariable?]) -> String {
        let base =
            "/graphql/execute.json/"
            + path.split(separator: "/", omittingEmptySubsequences: true)
            .map { PercentEncoding.encodeUnreserved(String($0)) }
            .joined(separator: "/")
        let pairs =
            variables
            .compactMap { name, value in value.map { (name, $0.text) } }
            .sorted { $0.0 < $1.0 }
        guard !pairs.isEmpty else { return base }
        return base
            + pairs.map { ";" + PercentEncoding.encodeUnreserved($0) + "=" + PercentEncoding.encodeUnreserved($1) }
            .joined() + ";"
    }
}
