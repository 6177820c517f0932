/// How AEM should render the images a query returns (its `_assetTransform`), passed to the
/// WKND queries as the `imageFormat`, `imageWidth`, `imageQuality` and `imageSeoName` variables.
/// A nil option is left out of the request, so the stored query's default applies
/// (`JPG`, 1200 pixels wide, quality 80 for the WKND queries).
public struct ImageOptions: Sendable, Hashable {
    /// An `AssetTransformFormat` value, sent by name. Values not listed here can be made with
    /// `Format(rawValue:)`.
    public struct Format: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The format's name as AEM spells it, such as `JPG`.
        public let rawValue: String
        /// The format named `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The format named by a string literal.
        public init(stringLiteral value: String) { rawValue = value }
        /// The format's name.
        public var description: String { rawValue }

        /// JPEG.
        public static let jpg: Format = "JPG"
        /// PNG.
        public static let png: Format = "PNG"
        /// GIF.
        public static let gif: Format = "GIF"
        /// WebP.
        public static let webp: Format = "WEBP"
    }

    /// The image format (`imageFormat`).
    public var format: Format?
    /// The width in pixels.
    public var width: Int?
    /// The quality, 1–100.
    public var quality: Int?
    /// The file name the image URL ends with, for search engines (adventure-by-slug only).
    public var seoName: String?

    /// Options to send; nil leaves the stored query's default.
    public init(format: Format? = nil, width: Int? = nil, quality: Int? = nil, seoName: String? = nil) {
        self.format = format
        self.width = width
        self.quality = quality
        self.seoName = seoName
    }

    /// Every option nil: the stored query's defaults.
    public static let queryDefaults = ImageOptions()
}
