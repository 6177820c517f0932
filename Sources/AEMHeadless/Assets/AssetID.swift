/// An asset's id in AEM's delivery APIs: its `jcr:uuid`, written `urn:aaid:aem:<uuid>` in Dynamic Media with
/// OpenAPI URLs and `dm-aid--<uuid>` in a `_dynamicUrl`.
public struct AssetID: Sendable, Hashable, CustomStringConvertible {
    /// The uuid, lower-cased.
    public let uuid: String

    /// The id in `text`: `urn:aaid:aem:<uuid>` (raw or percent-encoded), `dm-aid--<uuid>`, or the uuid alone; nil
    /// for anything else.
    public init?(_ text: String) {
        var rest = Substring(text)
        for prefix in ["urn:aaid:aem:", "urn%3aaaid%3aaem%3a", "dm-aid--"] {
            if rest.lowercased().hasPrefix(prefix) {
                rest = rest.dropFirst(prefix.count)
                break
            }
        }
        guard rest.count >= 8, rest.count <= 64, rest.allSatisfy({ $0.isASCII && ($0.isHexDigit || $0 == "-") }),
            rest.contains(where: \.isHexDigit)
        else { return nil }
        uuid = rest.lowercased()
    }

    /// The id in a `_dynamicUrl` (`/adobe/dynamicmedia/deliver/dm-aid--<uuid>/<name>.<ext>?…`, host-less or
    /// absolute) or a Dynamic Media with OpenAPI URL (`…/adobe/assets/urn:aaid:aem:<uuid>/…`); nil when it has none.
    public init?(deliveryURL: String) {
        let path = deliveryURL.prefix { $0 != "?" && $0 != "#" }
        for marker in ["/adobe/dynamicmedia/deliver/", "/adobe/assets/deliver/", "/adobe/assets/"] {
            guard let range = path.range(of: marker) else { continue }
            let segment = path[range.upperBound...].prefix { $0 != "/" }
            guard segment.hasPrefix("dm-aid--") || segment.lowercased().hasPrefix("urn") else { continue }
            self.init(String(segment))
            return
        }
        return nil
    }

    /// `urn:aaid:aem:<uuid>`.
    public var urn: String { "urn:aaid:aem:" + uuid }

    /// `dm-aid--<uuid>`.
    var dynamicMediaID: String { "dm-aid--" + uuid }

    /// The urn.
    public var description: String { urn }
}
