/// An image format AEM renders into: the extension of a Dynamic Media URL (`/as/<seo>.webp`) and the GraphQL
/// `AssetTransformFormat` value (`WEBP`).
public enum ImageFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// JPEG.
    case jpg
    /// Progressive JPEG.
    case pjpg
    /// Baseline JPEG.
    case bjpg
    /// PNG.
    case png
    /// PNG with a palette of at most 256 colours.
    case png8
    /// GIF.
    case gif
    /// WebP.
    case webp
    /// Lossless WebP.
    case webpll
    /// Lossy WebP.
    case webply

    /// The format `name` names, ignoring case: an extension (`jpeg` is `jpg`) or a GraphQL value (`JPG`).
    public init?(name: String) {
        let lowered = name.lowercased()
        self.init(rawValue: lowered == "jpeg" ? "jpg" : lowered)
    }

    /// The file extension in a delivery URL, such as `webp`.
    public var fileExtension: String { rawValue }

    /// The `AssetTransformFormat` value, such as `WEBP`.
    public var graphQLName: String { rawValue.uppercased() }

    /// The extension.
    public var description: String { rawValue }
}
