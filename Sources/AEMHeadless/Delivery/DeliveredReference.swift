/// One item a delivered fragment references, as the `references` map of the delivery API holds
/// it: `{"type": "content-fragment", "value": {…}}`.
public enum DeliveredReference: Sendable, Hashable {
    /// A content fragment: with `direct` and `all` only its id and path, hydrated with its fields.
    case fragment(DeliveredFragment)
    /// A DAM asset, such as an image.
    case asset(DeliveredAsset)
    /// A tag, such as `wknd-shared:activity/surfing`.
    case tag(DeliveredTag)
    /// A kind this library does not know (`page`, `experience-fragment`…), or an entry without a
    /// `type` (its `type` is then empty), kept as AEM sent it.
    case other(type: String, value: UntypedJSON)

    /// The `type` AEM sent: `content-fragment`, `asset`, `tag` or another.
    public var type: String {
        switch self {
        case .fragment: "content-fragment"
        case .asset: "asset"
        case .tag: "tag"
        case .other(let type, _): type
        }
    }

    /// The item's repository path, when it has one.
    public var path: String? {
        switch self {
        case .fragment(let fragment): fragment.path
        case .asset(let asset): asset.path
        case .tag(let tag): tag.path
        case .other(_, let value): value["path"]?.stringValue
        }
    }

    /// A title for people: the fragment's or tag's title, else the asset's or item's name.
    public var title: String? {
        switch self {
        case .fragment(let fragment): fragment.title.isEmpty ? nil : fragment.title
        case .asset(let asset): asset.name
        case .tag(let tag): tag.title ?? tag.name
        case .other(_, let value): value["title"]?.stringValue ?? value["name"]?.stringValue
        }
    }

    /// Reads one entry of `references`; a kind it does not know, or an entry without `type`, is
    /// kept as `.other`.
    init(json: UntypedJSON) throws(JSONShapeMismatch) {
        let entry = try json.requireObject(for: DeliveredReference.self)
        let value = entry["value"] ?? .null
        guard let type = entry["type"]?.stringValue else {
            self = .other(type: "", value: value)
            return
        }
        do {
            switch type {
            case "content-fragment":
                self = .fragment(try DeliveredFragment(json: value))
            case "asset":
                self = .asset(try DeliveredAsset(json: value))
            case "tag":
                self = .tag(try DeliveredTag(json: value))
            default:
                self = .other(type: type, value: value)
            }
        } catch {
            throw error.under(JSONPathKey("value"))
        }
    }
}

/// A DAM asset in a delivered fragment's `references`. Rely on `path`: the other members are
/// not settled for every AEM version.
public struct DeliveredAsset: Sendable, Hashable {
    /// The asset's identifier, the key it has in `references`.
    public var id: String?
    /// The asset's repository path, such as `/content/dam/wknd-shared/en/adventures/bali/surf.jpg`.
    public var path: String
    /// The file name, when sent.
    public var name: String?
    /// The MIME type, when sent, such as `image/jpeg`.
    public var mimeType: String?
    /// The whole value as AEM sent it.
    public var json: UntypedJSON

    init(json: UntypedJSON) throws(JSONShapeMismatch) {
        let object = try json.requireObject(for: DeliveredAsset.self)
        path = try object.requiredString("path")
        id = object["id"]?.stringValue
        name = object["name"]?.stringValue
        mimeType = object["mimeType"]?.stringValue
        self.json = object
    }
}

/// A tag in a delivered fragment's `references`.
public struct DeliveredTag: Sendable, Hashable {
    /// The tag id, `<namespace>:<path>`, such as `wknd-shared:activity/surfing`.
    public var id: String
    /// The tag's repository path, when sent (`/content/cq:tags/wknd-shared/activity/surfing`).
    public var path: String?
    /// The tag's name, when sent (`surfing`).
    public var name: String?
    /// The tag's title, when sent (`Surfing`).
    public var title: String?
    /// The titles of its namespace and path, when sent (`WKND Shared : Activity / Surfing`).
    public var titlePath: String?
    /// The whole value as AEM sent it.
    public var json: UntypedJSON

    init(json: UntypedJSON) throws(JSONShapeMismatch) {
        let object = try json.requireObject(for: DeliveredTag.self)
        id = try object.requiredString("id")
        path = object["path"]?.stringValue
        name = object["name"]?.stringValue
        title = object["title"]?.stringValue
        titlePath = object["titlePath"]?.stringValue
        self.json = object
    }
}
