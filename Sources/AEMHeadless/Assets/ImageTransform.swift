import Foundation

/// How AEM should render an image, validated when made: one value for the three places images are asked for —
/// a query's `_assetTransform` (`assetTransformInput`), modifiers on a `_dynamicUrl`
/// (`ImageReference.url(on:transform:)`), and Dynamic Media with OpenAPI URLs (`AssetDeliveryURLs`).
///
/// ```swift
/// let card = try ImageTransform(width: 400, format: .webp, crop: ImageCrop(parsing: "10p,0p,80p,100p"))
/// let url = article.featuredImage?.url(on: origin, transform: card)
/// ```
///
/// Every member is optional; what is nil is left to the server (`defaults` leaves everything). AEM applies the
/// modifiers in one order whatever the URL's: rotate → crop → flip → size → height/width → quality.
public struct ImageTransform: Sendable, Hashable {
    /// The width in pixels; the aspect ratio is kept.
    public private(set) var width: Int?
    /// The height in pixels; the aspect ratio is kept (with `width`, the image fits inside both).
    public private(set) var height: Int?
    /// 1–100, for lossy formats.
    public private(set) var quality: Int?
    /// The format; nil leaves the URL's or the query's.
    public private(set) var format: ImageFormat?
    /// The region kept.
    public private(set) var crop: ImageCrop?
    /// Clockwise.
    public private(set) var rotation: ImageRotation?
    /// The mirroring, after the rotation and the crop.
    public private(set) var flip: ImageFlip?
    /// The name of a smart-crop profile of the asset (Dynamic Media), such as `Landscape`.
    public private(set) var smartCrop: String?
    /// AEM's `preferwebp`, sent only when set: AEM marks it obsolete in favour of `Accept`.
    public private(set) var preferWebp: Bool?
    /// The name the URL ends with, for search engines, made safe (`SEOName`).
    public private(set) var seoName: String?

    /// Nothing set: the server's defaults.
    public init() {}

    /// A transform of the given values; nil leaves one to the server.
    /// - Throws: `ImageTransformError` for a width or height under 1, a quality outside 1–100, a crop outside the
    ///   image, or a smart-crop name that is empty or holds white space.
    public init(
        width: Int? = nil, height: Int? = nil, quality: Int? = nil, format: ImageFormat? = nil, crop: ImageCrop? = nil,
        rotation: ImageRotation? = nil, flip: ImageFlip? = nil, smartCrop: String? = nil, preferWebp: Bool? = nil,
        seoName: String? = nil
    ) throws(ImageTransformError) {
        for (name, value) in [("width", width), ("height", height)] {
            if let value, value < 1 { throw ImageTransformError("\(name) must be at least 1 pixel (got \(value))") }
        }
        if let quality, !(1...100).contains(quality) {
            throw ImageTransformError("quality must be 1–100 (got \(quality))")
        }
        try crop?.validate()
        if let smartCrop, smartCrop.isEmpty || smartCrop.contains(where: \.isWhitespace) {
            throw ImageTransformError("smart-crop must name a profile, with no white space (got \"\(smartCrop)\")")
        }
        self.width = width
        self.height = height
        self.quality = quality
        self.format = format
        self.crop = crop
        self.rotation = rotation
        self.flip = flip
        self.smartCrop = smartCrop
        self.preferWebp = preferWebp
        self.seoName = seoName.map { SEOName($0).rawValue }
    }

    /// Nothing set: the server's defaults.
    public static let defaults = ImageTransform()

    /// Whether nothing is set.
    public var isEmpty: Bool { self == .defaults }

    /// The URL modifiers, in AEM's order of application; `format` and `seoName` belong to the path instead.
    var urlModifiers: [URLQueryItem] {
        var items: [URLQueryItem] = []
        if let rotation { items.append(URLQueryItem(name: "rotate", value: String(rotation.rawValue))) }
        if let crop { items.append(URLQueryItem(name: "crop", value: crop.description)) }
        if let flip { items.append(URLQueryItem(name: "flip", value: flip.rawValue)) }
        if let preferWebp { items.append(URLQueryItem(name: "preferwebp", value: String(preferWebp))) }
        if let height { items.append(URLQueryItem(name: "height", value: String(height))) }
        if let width { items.append(URLQueryItem(name: "width", value: String(width))) }
        if let quality { items.append(URLQueryItem(name: "quality", value: String(quality))) }
        if let smartCrop { items.append(URLQueryItem(name: "smartcrop", value: smartCrop)) }
        return items
    }

    /// The GraphQL `AssetTransform` input object for a query's `_assetTransform` variable; nil when nothing it can
    /// express is set. GraphQL takes a pixel crop, and a height only with a width (as `size`); a percent crop, a
    /// lone height and a smart crop are in `modifiersOutsideAssetTransform`, for the image's URL.
    public var assetTransformInput: UntypedJSON? {
        var members: [UntypedJSON.Member] = []
        func add(_ key: String, _ value: UntypedJSON) { members.append(UntypedJSON.Member(key, value)) }
        if let format { add("format", .string(format.graphQLName)) }
        if let seoName { add("seoName", .string(seoName)) }
        if case .pixels(let x, let y, let cropWidth, let cropHeight)? = crop {
            add(
                "crop",
                [
                    "xOrigin": UntypedJSON(x), "yOrigin": UntypedJSON(y), "width": UntypedJSON(cropWidth),
                    "height": UntypedJSON(cropHeight),
                ])
        }
        if let width, let height {
            add("size", ["width": UntypedJSON(width), "height": UntypedJSON(height)])
        } else if let width {
            add("width", UntypedJSON(width))
        }
        if let rotation { add("rotation", .string(rotation.graphQLName)) }
        if let flip { add("flip", .string(flip.graphQLName)) }
        if let quality { add("quality", UntypedJSON(quality)) }
        if let preferWebp { add("preferWebp", .bool(preferWebp)) }
        return members.isEmpty ? nil : .object(members)
    }

    /// The modifiers `assetTransformInput` cannot carry, to add to the URL of an image a query returned.
    var modifiersOutsideAssetTransform: [URLQueryItem] {
        var items: [URLQueryItem] = []
        if case .percent? = crop, let crop { items.append(URLQueryItem(name: "crop", value: crop.description)) }
        if width == nil, let height { items.append(URLQueryItem(name: "height", value: String(height))) }
        if let smartCrop { items.append(URLQueryItem(name: "smartcrop", value: smartCrop)) }
        return items
    }
}
