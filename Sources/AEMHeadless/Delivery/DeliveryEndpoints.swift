/// The requests of AEM's Content Fragment Delivery API (`/adobe/contentFragments`, on the
/// publish and preview tiers), and the rules they are checked against before anything is sent.
enum DeliveryEndpoints {
    /// The page sizes the list takes: AEM answers 400 outside 1…50.
    static let pageSizes = 1...50

    /// `GET /adobe/contentFragments?path=&limit=&cursor=`: one page of the fragments below a
    /// folder (sub-folders included), or the one fragment at a fragment's path; every fragment
    /// when `path` is nil.
    static func list(under path: String?, pageSize: Int, cursor: String?) throws(AemError) -> DeliveryRequest<
        FragmentPage
    > {
        if let path { try checkFolder(path) }
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
            target: "/adobe/contentFragments" + query(parameters),
            subject: path.map { "the fragment list under \($0)" } ?? "the fragment list", isList: true,
            read: { json throws(JSONShapeMismatch) in try FragmentPage(json: json) })
    }

    /// `GET /adobe/contentFragments/{id}?references=`.
    static func fragment(id: String, references: FragmentReferences) throws(AemError) -> DeliveryRequest<
        DeliveredFragment
    > {
        guard !id.isEmpty else { throw AemError(.invalidRequest, "A fragment id cannot be empty.") }
        return DeliveryRequest(
            target: "/adobe/contentFragments/" + PercentEncoding.encodeUnreserved(id)
                + query([("references", references.rawValue)]),
            subject: "the content fragment with id \(id)",
            read: { json throws(JSONShapeMismatch) in try DeliveredFragment(json: json) })
    }

    /// `GET /adobe/contentFragments/byPath?path=&references=`.
    static func fragment(path: String, references: FragmentReferences) throws(AemError) -> DeliveryRequest<
        DeliveredFragment
    > {
        try checkFolder(path)
        return DeliveryRequest(
            target: "/adobe/contentFragments/byPath" + query([("path", path), ("references", references.rawValue)]),
            subject: "the content fragment at \(path)",
            read: { json throws(JSONShapeMismatch) in try DeliveredFragment(json: json) })
    }

    /// A DAM path as the API takes it: under `/content/dam/`, without a trailing `/`.
    static func checkFolder(_ path: String) throws(AemError) {
        guard path.hasPrefix("/content/dam/"), path.count > "/content/dam/".count, !path.hasSuffix("/") else {
            throw AemError(
                .invalidRequest,
                "\(path.isEmpty ? "An empty path" : path) is not a DAM path the delivery API takes: it must start with /content/dam/ and not end with /, such as /content/dam/wknd-shared/en."
            )
        }
    }

    private static func query(_ parameters: [(String, String)]) -> String {
        "?"
            + parameters.map { PercentEncoding.encodeUnreserved($0.0) + "=" + PercentEncoding.encodeUnreserved($0.1) }
            .joined(separator: "&")
    }
}
