import Foundation
import VipsShim

/// Renders an asset's original as AEM's delivery tier would for a request's modifiers, with libvips: rotate → crop →
/// flip → size → height/width → quality (aem-openapi.md §3.3), under `RenditionRules`. Safe from any thread.
enum ImageRenderer {
    /// The image `source` holds, changed by `modifiers` and encoded as `format`.
    ///
    /// - Throws: `ImageRenderingFailure` when `source` is not an image libvips reads (empty, corrupt, truncated) or
    ///   libvips cannot write the result; the server stays up.
    static func render(_ source: Data, modifiers: ImageModifiers, format: RenditionFormat, defaults: RenditionDefaults)
        throws(ImageRenderingFailure) -> Data
    {
        guard vips_shim_start() == 0 else { throw ImageRenderingFailure.fromVips("libvips did not start") }
        let result: Result<Data, ImageRenderingFailure> = source.withUnsafeBytes { raw in
            guard let base = raw.baseAddress, !raw.isEmpty else {
                return .failure(ImageRenderingFailure(reason: "the asset has no bytes"))
            }
            return Result { () throws(ImageRenderingFailure) in
                let shaped: VipsImage
                if let box = scalingBox(modifiers, defaults: defaults) {
                    // Only a smaller size asked for: decode straight at it.
                    shaped = try VipsImage.thumbnail(base, raw.count, width: box.width, height: box.height)
                } else {
                    shaped = try shape(try VipsImage.load(base, raw.count), modifiers: modifiers, defaults: defaults)
                }
                return try shaped.encoded(format.encoding, quality: modifiers.quality ?? defaults.quality)
            }
        }
        return try result.get()
    }

    /// The size and format of the image `data` holds, from its header; nil when it is not an image libvips reads.
    static func probe(_ data: Data) -> ImageProbe? {
        guard vips_shim_start() == 0 else { return nil }
        return data.withUnsafeBytes { raw -> ImageProbe? in
            guard let base = raw.baseAddress, !raw.isEmpty else { return nil }
            var width: Int32 = 0
            var height: Int32 = 0
            var name = [CChar](repeating: 0, count: 32)
            guard vips_shim_probe(base, raw.count, &width, &height, &name, name.count) == 0 else {
                free(vips_shim_take_error())
                return nil
            }
            let format = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return ImageProbe(width: Int(width), height: Int(height), format: format == "nsgif" ? "gif" : format)
        }
    }

    /// The box to fit the image in when the modifiers ask only for a size (no rotation, crop or flip, and not both
    /// `size` and `width`/`height`), for the fast path; nil otherwise or when the size stays the original's.
    private static func scalingBox(_ modifiers: ImageModifiers, defaults: RenditionDefaults) -> (
        width: Int, height: Int
    )? {
        guard modifiers.rotate == nil, modifiers.crop == nil, modifiers.flip == nil, !RenditionRules.enlarges else {
            return nil
        }
        let unbounded = 10_000_000
        switch (modifiers.size, modifiers.width, modifiers.height) {
        case (let size?, nil, nil): return (size.width, size.height)
        case (nil, nil, nil): return defaults.width.map { ($0, unbounded) }
        case (nil, let width, let height): return (width ?? unbounded, height ?? unbounded)
        default: return nil
        }
    }

    private static func shape(_ original: VipsImage, modifiers: ImageModifiers, defaults: RenditionDefaults)
        throws(ImageRenderingFailure) -> VipsImage
    {
        var image = original
        if let degrees = modifiers.rotate { image = try image.map { vips_shim_rotate($0, Int32(degrees)) } }
        if let crop = modifiers.crop, let area = region(crop, width: image.width, height: image.height) {
            image = try image.map {
                vips_shim_crop($0, Int32(area.x), Int32(area.y), Int32(area.width), Int32(area.height))
            }
        }
        switch modifiers.flip {
        case "h": image = try image.map { vips_shim_flip($0, 1) }
        case "v": image = try image.map { vips_shim_flip($0, 0) }
        case "hv": image = try image.map { vips_shim_flip($0, 1) }.map { vips_shim_flip($0, 0) }
        default: break
        }
        if let size = modifiers.size {
            image = try image.scaled(
                by: min(Double(size.width) / Double(image.width), Double(size.height) / Double(image.height)))
        }
        switch (modifiers.width, modifiers.height) {
        case (let width?, let height?):
            image = try image.scaled(
                by: min(Double(width) / Double(image.width), Double(height) / Double(image.height)))
        case (nil, let height?):
            image = try image.scaled(by: Double(height) / Double(image.height))
        case (let width?, nil):
            image = try image.scaled(by: Double(width) / Double(image.width))
        case (nil, nil):
            if modifiers.size == nil, let width = defaults.width {
                image = try image.scaled(by: Double(width) / Double(image.width))
            }
        }
        return image
    }

    /// The pixels a crop covers in an image of this size, cut to the image; nil when none of it is inside.
    static func region(_ crop: ImageModifiers.Crop, width: Int, height: Int) -> (
        x: Int, y: Int, width: Int, height: Int
    )? {
        let (left, top, right, bottom): (Int, Int, Int, Int)
        switch crop {
        case .pixels(let x, let y, let cropWidth, let cropHeight):
            (left, top, right, bottom) = (x, y, x + cropWidth, y + cropHeight)
        case .percent(let x, let y, let cropWidth, let cropHeight):
            func at(_ percent: Double, of total: Int) -> Int { Int((percent * Double(total) / 100).rounded()) }
            (left, top) = (at(x, of: width), at(y, of: height))
            (right, bottom) = (at(x + cropWidth, of: width), at(y + cropHeight, of: height))
        }
        let clipped = (x: max(0, left), y: max(0, top), right: min(width, right), bottom: min(height, bottom))
        guard clipped.right > clipped.x, clipped.bottom > clipped.y else { return nil }
        return (clipped.x, clipped.y, clipped.right - clipped.x, clipped.bottom - clipped.y)
    }
}

/// An image's size and format, read from its header.
struct ImageProbe: Sendable, Hashable {
    var width: Int
    var height: Int
    /// `jpeg`, `png`, `webp`, `gif`, `pdf`, …
    var format: String
}

/// Why an asset could not be rendered, in libvips's words where it gave some.
struct ImageRenderingFailure: Error, CustomStringConvertible {
    var reason: String

    /// The failure with libvips's own messages, taken (and cleared), else `fallback`.
    static func fromVips(_ fallback: String) -> ImageRenderingFailure {
        let message = vips_shim_take_error().map { text -> String in
            defer { vips_shim_free(text) }
            return String(cString: text)
        }
        let line = message?.split(whereSeparator: \.isNewline).first.map(String.init)
        return ImageRenderingFailure(reason: line.flatMap { $0.isEmpty ? nil : $0 } ?? fallback)
    }

    var description: String { reason }
}

/// One libvips image reference, released when the last Swift reference goes.
private final class VipsImage {
    private let pointer: OpaquePointer

    private init(_ pointer: OpaquePointer) { self.pointer = pointer }

    deinit { vips_shim_release(pointer) }

    static func load(_ bytes: UnsafeRawPointer, _ count: Int) throws(ImageRenderingFailure) -> VipsImage {
        guard let pointer = vips_shim_load(bytes, count) else {
            throw ImageRenderingFailure.fromVips("the asset is not an image")
        }
        return VipsImage(pointer)
    }

    static func thumbnail(_ bytes: UnsafeRawPointer, _ count: Int, width: Int, height: Int)
        throws(ImageRenderingFailure) -> VipsImage
    {
        guard let pointer = vips_shim_thumbnail(bytes, count, Int32(width), Int32(height)) else {
            throw ImageRenderingFailure.fromVips("the asset is not an image")
        }
        return VipsImage(pointer)
    }

    var width: Int { Int(vips_shim_width(pointer)) }
    var height: Int { Int(vips_shim_height(pointer)) }

    /// The image an operation makes of this one.
    func map(_ operation: (OpaquePointer) -> OpaquePointer?) throws(ImageRenderingFailure) -> VipsImage {
        guard let result = operation(pointer) else {
            throw ImageRenderingFailure.fromVips("libvips could not change the image")
        }
        return VipsImage(result)
    }

    /// This image scaled by `factor`, never enlarged (`RenditionRules.enlarges`); itself when the size stays.
    func scaled(by factor: Double) throws(ImageRenderingFailure) -> VipsImage {
        let factor = RenditionRules.enlarges ? factor : min(factor, 1)
        guard factor.isFinite, factor > 0, abs(factor - 1) > 1e-9 else { return self }
        return try map { vips_shim_resize($0, factor, factor) }
    }

    func encoded(_ encoding: VipsShimEncoding, quality: Int) throws(ImageRenderingFailure) -> Data {
        var bytes: UnsafeMutableRawPointer?
        var length = 0
        guard vips_shim_save(pointer, encoding, Int32(quality), &bytes, &length) == 0, let bytes else {
            throw ImageRenderingFailure.fromVips("libvips could not write the image")
        }
        defer { vips_shim_free(bytes) }
        return Data(bytes: bytes, count: length)
    }
}
