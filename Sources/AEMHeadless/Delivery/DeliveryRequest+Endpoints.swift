/// The requests of AEM's Content Fragment Delivery API (`/adobe/contentFragments`, on the
/// publish and preview tiers), checked before anything is sent, for `Aem.execute(_:policy:)`:
///
/// ```swift
/// let article = try await aem.execute(.fragment(path: "/content/dam/my-site/en/articles/launch"))
/// print(article.value.title)
/// ```
extension DeliveryRequest where Value == FragmentPage {
    /// `GET /adobe/contentFragments?path=&limit=&cursor=`: one page of the fragments below a
    /// folder (sub-folders included), or the one fragment at a fragment's path; every fragment
    /// the caller may read when `path` is nil. `cursor` is the page before's, nil for the first.
    /// - Throws: `AemError` `.invalidRequest` when `path` is not under `/content/dam/` or ends
    ///   with `/`, or `pageSize` is outside 1…50.
    public static func fragmentPage(under path: String? = nil, pageSize: Int = 50, cursor: String? = nil)
        throws(AemError) -> Self
    {
        if let path { try DeliveryEndpoints.checkFolder(path) }
        let pageSizes = DeliveryEndpoints.pageSizes
        guard pageSizes.contains(pageSize) else {
            throw AemError(
                .invalidRequest,
                "A page of the fragment list holds \(pageSizes.lowerBound) to \(pageSizes.upperBound) fragments; \(pageSize) is not possible."
            )
        }
        var parameters: [(String, String)] = []
        if let path { parameters.append(("path", path)) }
        parameters.append(("limit", String(pageSize)))
        if let cursor { parameters.append(("cursor", cursor)) }
        return DeliveryRequest(
            target: "/adobe/contentFragments" + DeliveryEndpoints.query(parameters),
            subject: path.map { "the fragment list under \($0)" } ?? "the fragment list", isList: true,
            read: { json throws(JSONShapeMismatch) in try FragmentPage(json: json) })
    }
}

extension DeliveryRequest where Value == DeliveredFragment {
    /// `GET /adobe/contentFragments/{id}?references=`: the fragment with `id`, with what it
    /// references as `references` asks. A 404 is `AemError` `.notFound`.
    /// - Throws: `AemError` `.invalidRequest` for an empty id.
    public static func fragment(id: String, references: FragmentReferences = .none) throws(AemError) -> Self {
        guard !id.isEmpty else { throw AemError(.invalidRequest, "A fragment id cannot be empty.") }
        return DeliveryRequest(
            target: "/adobe/contentFragments/" + PercentEncoding.encodeUnreserved(id)
                + DeliveryEndpoints.query([("references", references.rawValue)]),
            subject: "the content fragment with id \(id)",
            read: { json throws(JSONShapeMismatch) in try DeliveredFragment(json: json) })
    }

    /// `GET /adobe/contentFragments/byPath?path=&references=`: the fragment at the repository
    /// `path`, with what it references as `references` asks. A 404 is `AemError` `.notFound`.
    /// - Throws: `AemError` `.invalidRequest` for a path not under `/content/dam/`.
    public static func fragment(path: String, references: FragmentReferences = .none) throws(AemError) -> Self {
        try DeliveryEndpoints.checkFolder(path)
        return DeliveryRequest(
            target: "/adobe/contentFragments/byPath"
                + DeliveryEndpoints.query([("path", path), ("references", references.rawValue)]),
            subject: "the content fragment at \(path)",
            read: { json throws(JSONShapeMismatch) in try DeliveredFragment(json: json) })
    }

}

/// The rules the delivery API's requests are checked against.
enum DeliveryEndpoints {
    /// The page sizes the list takes: AEM answers 400 outside 1…50.
    static let pageSizes = 1...50

    /// A DAM path as the API takes it: under `/content/dam/`, without a trailing `/`.
    /// - Throws: `AemError` `.invalidRequest` saying why not.
    static func checkFolder(_ path: String) throws(AemError) {
        guard path.hasPrefix("/content/dam/"), path.count > "/content/dam/".count, !path.hasSuffix("/") else {
            throw AemError(
                .invalidRequest,
                "\(path.isEmpty ? "An empty path" : path) is not a DAM path the delivery API takes: it must start with /content/dam/ and not end with /, such as /content/dam/wknd-shared/en."
            )
        }
    }

    static func query(_ parameters: [(String, String)]) -> String {
        "?"
            + parameters.map { PercentEncoding.encodeUnreserved($0.0) + "=" + PercentEncoding.encodeUnreserved($0.1) }
            .joined(separator: "&")
    }
}
