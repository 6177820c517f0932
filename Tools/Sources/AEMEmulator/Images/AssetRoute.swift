/// Which asset delivery operation a request path names (aem-openapi.md §3.2): Dynamic Media with OpenAPI under
/// `/adobe/assets/<urn>/…`, and the older `/adobe/dynamicmedia/deliver/…` (every `_dynamicUrl`) and
/// `/adobe/assets/deliver/…` forms.
struct AssetRoute: Equatable, Sendable {
    /// The asset's `jcr:uuid`, from `urn:aaid:aem:<uuid>` (raw or percent-encoded) or `dm-aid--<uuid>`.
    var uuid: String
    var operation: Operation

    enum Operation: Equatable, Sendable {
        /// `/as/<seo>.<format>` and `/adobe/dynamicmedia/deliver/<id>/<seo>.<format>`: a web-optimized image.
        case image(formatName: String)
        /// `/as/<seo>`: JPEG or WebP by `Accept`, quality 65, 1024 pixels wide unless the modifiers say otherwise.
        case negotiated
        /// `/original/as/<seo>`, `/renditions/original/as/<seo>` and `/adobe/assets/deliver/<id>/<seo>`.
        case original
        /// `/renditions/<name>/as/<seo>` for another rendition than `original`.
        case rendition(name: String)
        /// `/metadata`.
        case metadata
        /// Anything else below an asset: a 404.
        case unknown
    }

    static let openAPIRoot = "/adobe/assets/"
    static let dynamicMediaRoot = "/adobe/dynamicmedia/deliver/"
    static let legacyOriginalRoot = "/adobe/assets/deliver/"

    /// The route of a raw request target (`/adobe/assets/urn%3Aaaid%3Aaem%3A…/as/x.jpg?width=400`), or `nil` when its
    /// path is not an asset delivery path. Segments are percent-decoded one by one, so an encoded `/` stays inside
    /// its segment; the query string and fragment are ignored.
    init?(rawTarget: String) {
        let rawPath = rawTarget.prefix { $0 != "?" && $0 != "#" }
        let segments: [String]
        let root: String
        if rawPath.hasPrefix(Self.legacyOriginalRoot) {
            root = Self.legacyOriginalRoot
        } else if rawPath.hasPrefix(Self.dynamicMediaRoot) {
            root = Self.dynamicMediaRoot
        } else if rawPath.hasPrefix(Self.openAPIRoot) {
            root = Self.openAPIRoot
        } else {
            return nil
        }
        segments = rawPath.dropFirst(root.count).split(separator: "/", omittingEmptySubsequences: false).map {
            RequestTarget.percentDecode(ArraySlice($0.utf8))
        }
        guard let first = segments.first, let uuid = Self.uuid(fromAssetID: first) else { return nil }
        self.uuid = uuid
        let rest = Array(segments.dropFirst())
        switch root {
        case Self.legacyOriginalRoot:
            operation = rest.count == 1 && !rest[0].isEmpty ? .original : .unknown
        case Self.dynamicMediaRoot:
            operation = rest.count == 1 ? Self.imageOrNegotiated(rest[0]) : .unknown
        default:
            operation = Self.openAPIOperation(rest)
        }
    }

    private static func openAPIOperation(_ rest: [String]) -> Operation {
        switch rest.count {
        case 1 where rest[0] == "metadata": .metadata
        case 2 where rest[0] == "as" && !rest[1].isEmpty: imageOrNegotiated(rest[1])
        case 3 where rest[0] == "original" && rest[1] == "as" && !rest[2].isEmpty: .original
        case 4 where rest[0] == "renditions" && rest[2] == "as" && !rest[1].isEmpty && !rest[3].isEmpty:
            rest[1] == "original" ? .original : .rendition(name: rest[1])
        default: .unknown
        }
    }

    /// `<seo>.<format>` names an image in that format; a name without an extension of letters and digits is the
    /// negotiated form (an SEO name may hold dots, as in `v1.2`).
    private static func imageOrNegotiated(_ name: String) -> Operation {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return .negotiated }
        let suffix = name[name.index(after: dot)...]
        guard !suffix.isEmpty, suffix.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
            suffix.contains(where: \.isLetter)
        else { return .negotiated }
        return .image(formatName: String(suffix))
    }

    /// The uuid in `urn:aaid:aem:<uuid>` or `dm-aid--<uuid>`, or `nil` for any other segment.
    static func uuid(fromAssetID segment: String) -> String? {
        let uuid: Substring
        if segment.hasPrefix("urn:aaid:aem:") {
            uuid = segment.dropFirst("urn:aaid:aem:".count)
        } else if segment.hasPrefix("dm-aid--") {
            uuid = segment.dropFirst("dm-aid--".count)
        } else {
            return nil
        }
        guard !uuid.isEmpty, uuid.allSatisfy({ $0.isHexDigit || $0 == "-" }) else { return nil }
        return String(uuid)
    }
}
