/// The stand-in's readings of image delivery where Adobe documents nothing (aem-openapi.md §3.3, §3.5), in one
/// place so that a recorded real response can correct them. Each is marked [DOC] or [INF] (inferred). Besides the
/// values below, `ImageRenderer` follows these, all [INF]:
/// - `size=w,h`, and `width` with `height`, fit the image inside that box, keeping its aspect ratio (the docs say
///   only that the aspect ratio is kept).
/// - A pixel `crop` partly outside the image is cut to the image; one wholly outside is ignored, as the docs say of
///   an invalid region.
/// - An original with an EXIF orientation is turned upright before the modifiers apply, as browsers show it.
/// - A transparent image written as JPEG is laid on white.
/// - Only JPEG, PNG, WebP, GIF, TIFF and HEIF originals are rendered (a PDF or SVG asset is a 415), up to
///   `ImageRenderer.maximumSourcePixels`.
enum RenditionRules {
    /// `Cache-Control` of every delivered image and original: the CDN's ten minutes [DOC TTL, INF text].
    static let cacheControl = "max-age=600"
    /// What `/as/<seo>` renders unless modifiers say otherwise: 1024 pixels wide, quality 65 [DOC].
    static let negotiatedDefaults = RenditionDefaults(width: 1024, quality: 65)
    /// What `/as/<seo>.<format>` and `_dynamicUrl`s render unless modifiers say otherwise: the original size,
    /// quality 80, the quality AEM's own `_dynamicUrl`s ask for [INF].
    static let imageDefaults = RenditionDefaults(width: nil, quality: 80)
    /// An image is never made larger than its original; a larger `width`, `height` or `size` gives the original
    /// size [INF].
    static let enlarges = false
    /// `flip` values: `h` (left to right), `v` (top to bottom), `hv` (both) [INF].
    static let flipValues = ["h", "v", "hv"]
    /// `smartcrop` names a profile of the asset; the stand-in has none, so any name is a 400 [INF].
    static let smartCropProfiles: Set<String> = []
}

/// What an image is rendered with when the request's modifiers leave it open.
struct RenditionDefaults: Sendable, Hashable {
    /// The width when no `width`, `height` or `size` is given; nil keeps the original's.
    var width: Int?
    /// The quality when no `quality` is given.
    var quality: Int

    /// A stable text for cache keys.
    var key: String { "w\(width.map(String.init) ?? "-")q\(quality)" }
}
