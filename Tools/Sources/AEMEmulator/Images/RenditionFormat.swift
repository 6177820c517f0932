import AEMWireFormats
import VipsShim

/// An image format AEM's delivery tier renders into, named by the extension of the URL's last segment
/// (`/as/<seo>.<format>`, aem-openapi.md §3.3).
enum RenditionFormat: String, CaseIterable, Sendable {
    /// JPEG.
    case jpg
    /// Progressive JPEG.
    case pjpg
    /// Baseline JPEG.
    case bjpg
    /// PNG, full colour.
    case png
    /// PNG with a palette of at most 256 colours.
    case png8
    /// GIF.
    case gif
    /// WebP, lossy.
    case webp
    /// WebP, lossless.
    case webpll
    /// WebP, lossy (AEM names it apart from `webp`).
    case webply

    /// The format an extension names, ignoring case (`jpeg` is `jpg`); nil for one AEM does not deliver.
    init?(fileExtension: String) {
        let name = fileExtension.lowercased()
        self.init(rawValue: name == "jpeg" ? "jpg" : name)
    }

    /// The plain format of a MIME type, ignoring case (`image/jpeg`, `image/pjpeg` are `jpg`); nil for a type
    /// AEM does not deliver.
    init?(mimeType: String) {
        guard let fileExtension = MediaTypes.fileExtension(ofType: mimeType) else { return nil }
        self.init(fileExtension: fileExtension)
    }

    var fileExtension: String { rawValue }

    var mimeType: String {
        switch self {
        case .jpg, .pjpg, .bjpg: "image/jpeg"
        case .png, .png8: "image/png"
        case .gif: "image/gif"
        case .webp, .webpll, .webply: "image/webp"
        }
    }

    /// How libvips writes it.
    var encoding: VipsShimEncoding {
        switch self {
        case .jpg, .bjpg: VIPS_SHIM_JPEG
        case .pjpg: VIPS_SHIM_JPEG_PROGRESSIVE
        case .png: VIPS_SHIM_PNG
        case .png8: VIPS_SHIM_PNG_PALETTE
        case .gif: VIPS_SHIM_GIF
        case .webp, .webply: VIPS_SHIM_WEBP
        case .webpll: VIPS_SHIM_WEBP_LOSSLESS
        }
    }
}
