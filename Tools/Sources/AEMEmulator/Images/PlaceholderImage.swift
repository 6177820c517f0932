import Foundation
import VipsShim

/// What the stand-in serves for an image asset whose original rendition the package does not hold (packages kept in
/// version control often leave the binaries out). AEM has the asset, so references to it are answered as usual; its
/// bytes are an image of one colour, of the size its metadata gives and of its type. The colour comes from the asset's
/// id: each asset has its own, the same on every run. A stand-in choice [INF]: aem-openapi.md §3 allows "the real
/// bytes or a deterministic placeholder with the right `Content-Type`".
enum PlaceholderImage {
    /// The size of a placeholder whose asset's metadata gives neither side.
    static let defaultSize = ImageRenderer.Size(width: 1280, height: 720)

    /// Whether a placeholder can stand in for an asset of `mimeType`: the image types the stand-in writes.
    static func stands(for mimeType: String) -> Bool {
        RenditionFormat(mimeType: mimeType) != nil
    }

    /// The placeholder's bytes for `asset`; nil when its type is not one a placeholder stands for, or libvips fails.
    static func data(for asset: DamAsset) -> Data? {
        guard let format = RenditionFormat(mimeType: asset.mimeType) else { return nil }
        let size = size(width: asset.width, height: asset.height)
        let (red, green, blue) = colour(of: asset.uuid)
        return try? ImageRenderer.usingVips { () throws(ImageRenderingFailure) in
            guard let flat = vips_shim_flat(Int32(size.width), Int32(size.height), red, green, blue) else {
                throw ImageRenderingFailure.fromVips("libvips could not make the placeholder")
            }
            return try VipsImage(flat).encoded(format.encoding, quality: 80)
        }
    }

    /// The placeholder's size: the asset's, a missing side following `defaultSize`'s proportions, shrunk to the most
    /// pixels the stand-in renders.
    static func size(width: Int?, height: Int?) -> ImageRenderer.Size {
        let ratio = Double(defaultSize.height) / Double(defaultSize.width)
        var size: ImageRenderer.Size
        switch (width, height) {
        case (let width?, let height?): size = .init(width: width, height: height)
        case (let width?, nil): size = .init(width: width, height: max(1, Int((Double(width) * ratio).rounded())))
        case (nil, let height?): size = .init(width: max(1, Int((Double(height) / ratio).rounded())), height: height)
        case (nil, nil): size = defaultSize
        }
        let pixels = Double(size.width) * Double(size.height)
        let limit = Double(ImageRenderer.maximumSourcePixels)
        guard pixels > limit else { return size }
        let factor = (limit / pixels).squareRoot()
        return .init(
            width: max(1, Int(Double(size.width) * factor)), height: max(1, Int(Double(size.height) * factor)))
    }

    /// A muted colour (each channel 64–191) from the first six hex digits of `uuid`; grey without them.
    private static func colour(of uuid: String) -> (Int32, Int32, Int32) {
        let digits = uuid.compactMap(\.hexDigitValue)
        guard digits.count >= 6 else { return (128, 128, 128) }
        func channel(_ index: Int) -> Int32 { Int32(64 + (digits[index] * 16 + digits[index + 1]) / 2) }
        return (channel(0), channel(2), channel(4))
    }
}
