/// How AEM should render the images a query returns (its `_assetTransform`), passed to the
/// WKND queries as the `imageFormat`, `imageWidth`, `imageQuality` and `imageSeoName` variables.
/// A nil option is left out of the request, so the stored query's default applies
/// (`JPG`, 1200 pixels wide, quality 80 for the WKND queries).
public struct ImageOptions: Sendable, Hashable {
    /// An `AssetTransformFormat` value, sent by name. Values not listed here can be made with
    /// `Format(rawValue:)`.
    public struct Format: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { rawValue = value }
        public var description: String { rawValue }

        public static let jpg: Format = "JPG"
        public static let png: Format = "PNG"
        public static let gif: Format = "GIF"
        public static let webp: Format = "WEBP"
    }

    public var format: Format?
    /// The width in pixels.
    public var width: Int?
    /// The quality, 1–100.
    public var quality: Int?
    /// The file name the image URL ends with, for search engines (adventure-by-slug only).
    public var seoName: String?

    public init(format: Format? = nil, width: Int? = nil, quality: Int? = nil, seoName: String? = nil) {
        self.format = format
        self.width = width
        self.quality = quality
        self.seoName = seoName
    }

    /// Every option nil: the stored query's defaults.
    public static let queryDefaults = ImageOptions()
}
