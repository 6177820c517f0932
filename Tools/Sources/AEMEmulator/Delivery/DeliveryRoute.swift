/// Which Content Fragment Delivery operation a request target names.
enum DeliveryRoute: Equatable, Sendable {
    /// `/adobe/contentFragments`: a page of fragments.
    case list
    /// `/adobe/contentFragments/byPath`: one fragment by its `path` parameter.
    case byPath
    /// `/adobe/contentFragments/{fragmentId}`, the id percent-decoded.
    case fragment(id: String)
    /// Anything else below `/adobe/contentFragments/` (an empty id, more segments): a 404.
    case unknown

    static let root = "/adobe/contentFragments"

    /// The route of a raw request target (`/adobe/contentFragments/abc%2Fdef?references=all`), or `nil` when it is
    /// not below ``root``.
    init?(rawTarget: String) {
        let path = rawTarget.utf8.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        let rawPath = String(decoding: path, as: UTF8.self)
        if rawPath == Self.root {
            self = .list
            return
        }
        guard let segment = rawPath.dropPrefix(Self.root + "/") else { return nil }
        if segment == "byPath" {
            self = .byPath
        } else if segment.isEmpty || segment.contains("/") {
            self = .unknown
        } else {
            self = .fragment(id: RequestTarget.percentDecode(ArraySlice(segment.utf8)))
        }
    }
}
