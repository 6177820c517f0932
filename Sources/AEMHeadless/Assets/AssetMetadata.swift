/// What Dynamic Media with OpenAPI says of an asset (`GET /adobe/assets/<urn>/metadata`), read leniently: AEM sends
/// some numbers as strings, and any member may be missing. The two objects are kept whole for the rest.
public struct AssetMetadata: Sendable, Hashable {
    /// `assetId`, such as `urn:aaid:aem:…`.
    public var assetID: AssetID?
    /// `repo:name`: the file name.
    public var name: String?
    /// `dc:format`, such as `image/jpeg`.
    public var mimeType: String?
    /// `repo:size` in bytes.
    public var size: Int?
    /// `dc:title`.
    public var title: String?
    /// `dc:description`.
    public var description: String?
    /// `tiff:ImageWidth`.
    public var width: Int?
    /// `tiff:ImageLength`.
    public var height: Int?
    /// `dam:assetStatus`, such as `approved`.
    public var status: String?
    /// The smart-crop profiles by name.
    public var smartCrops: [String: SmartCrop]
    /// `repositoryMetadata` as sent.
    public var repositoryMetadata: [String: UntypedJSON]
    /// `assetMetadata` as sent.
    public var assetMetadata: [String: UntypedJSON]

    /// A smart crop: where it lies (fractions of the image) and the size it renders at.
    public struct SmartCrop: Sendable, Hashable {
        /// `left`: the crop's left edge, a fraction of the image's width (0–1).
        public var left: Double?
        /// `top`: the crop's top edge, a fraction of the image's height (0–1).
        public var top: Double?
        /// `normalizedWidth`: the crop's width, a fraction of the image's width.
        public var normalizedWidth: Double?
        /// `normalizedHeight`: the crop's height, a fraction of the image's height.
        public var normalizedHeight: Double?
        /// `width`: the width in pixels the profile renders at.
        public var width: Int?
        /// `height`: the height in pixels the profile renders at.
        public var height: Int?
    }

    /// Reads the metadata document; only a non-object is refused.
    init(json: UntypedJSON) throws(JSONShapeMismatch) {
        let document = try json.requireObject(for: AssetMetadata.self)
        let repository = document["repositoryMetadata"] ?? .null
        let asset = document["assetMetadata"] ?? .null
        assetID = document.lenientString(AnyKey("assetId")).flatMap { AssetID($0) }
        name = repository.lenientString(AnyKey("repo:name"))
        mimeType = repository.lenientString(AnyKey("dc:format"))
        size = repository.lenientInt(AnyKey("repo:size"))
        title = asset.lenientString(AnyKey("dc:title"))
        description = asset.lenientString(AnyKey("dc:description"))
        width = asset.lenientInt(AnyKey("tiff:ImageWidth"))
        height = asset.lenientInt(AnyKey("tiff:ImageLength"))
        status = asset.lenientString(AnyKey("dam:assetStatus"))
        var crops: [String: SmartCrop] = [:]
        for member in repository["smartcrops"]?.members ?? [] {
            let crop = member.value
            crops[member.key] = SmartCrop(
                left: crop.lenientDouble(AnyKey("left")), top: crop.lenientDouble(AnyKey("top")),
                normalizedWidth: crop.lenientDouble(AnyKey("normalizedWidth")),
                normalizedHeight: crop.lenientDouble(AnyKey("normalizedHeight")),
                width: crop.lenientInt(AnyKey("width")), height: crop.lenientInt(AnyKey("height")))
        }
        smartCrops = crops
        repositoryMetadata = repository.others(excluding: [])
        assetMetadata = asset.others(excluding: [])
    }
}
