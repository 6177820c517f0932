import Foundation
import VipsShim

/// Renders an asset's original as AEM's delivery tier would for a request's modifiers, with libvips: rotate → crop →
/// flip → size → height/width → quality (aem-openapi.md §3.3), under `RenditionRules`. The sizes are worked out from
/// the header first (`Geometry`), so that the pixels are read once, top to bottom, a few lines at a time: the crop is
/// taken and the size reached first (a JPEG already shrunk while it is decoded, where that cannot show), and only the
/// small result is turned and mirrored. Turning by quarter turns and resizing commute, so the pixels are those of
/// AEM's order. Safe from any thread.
enum ImageRenderer {
    /// Why images cannot be rendered in this process (libvips is loaded at run time, not linked, and may be
    /// missing), with what to install; nil when libvips is ready.
    static let unavailableReason: String? = vips_shim_unavailable_reason().map {
        "\(String(cString: $0)) (Debian: apt-get install libvips42; macOS: brew install vips)"
    }

    /// Renders run at once in this process at most: a full-size lossless render can take 100 MB.
    static let slots = AsyncSlots(count: max(1, min(4, ProcessInfo.processInfo.activeProcessorCount)))

    /// The largest original rendered, in pixels (100 megapixels, 10,000 × 10,000): a guard of the stand-in against
    /// images that would take gigabytes to decode, not an AEM limit.
    static let maximumSourcePixels = 100_000_000

    /// The image `source` holds, changed by `modifiers` and encoded as `format`. An original with an EXIF orientation
    /// is first turned upright, as browsers show it [INF].
    ///
    /// - Throws: `ImageRenderingFailure` when `source` is not an image in a format the emulator reads (empty, corrupt,
    ///   a PDF) or libvips cannot write the result; the server stays up.
    static func render(_ source: Data, modifiers: ImageModifiers, format: RenditionFormat, defaults: RenditionDefaults)
        throws(ImageRenderingFailure) -> Data
    {
        try usingVips { () throws(ImageRenderingFailure) in
            let result: Result<Data, ImageRenderingFailure> = source.withUnsafeBytes { raw in
                Result { () throws(ImageRenderingFailure) in
                    try render(raw, modifiers: modifiers, format: format, defaults: defaults)
                }
            }
            return try result.get()
        }
    }

    /// The size and format of the image `data` holds, from its header alone (as stored, before any EXIF
    /// orientation); nil when it is not an image in a format the emulator reads.
    static func probe(_ data: Data) -> ImageProbe? {
        try? usingVips { () throws(ImageRenderingFailure) in
            let read: Result<VipsShimHeader, ImageRenderingFailure> = data.withUnsafeBytes { raw in
                Result { () throws(ImageRenderingFailure) in try Self.header(raw) }
            }
            let found = try read.get()
            return ImageProbe(width: Int(found.width), height: Int(found.height), format: formatName(of: found))
        }
    }

    /// What `body` returns, run as one use of libvips (so that a failure's text is its own); throws when libvips
    /// cannot be loaded.
    static func usingVips<Value>(_ body: () throws(ImageRenderingFailure) -> Value) throws(ImageRenderingFailure)
        -> Value
    {
        if let unavailableReason {
            throw ImageRenderingFailure(reason: "images cannot be rendered: \(unavailableReason)")
        }
        vips_shim_begin()
        defer { vips_shim_end() }
        return try body()
    }

    /// The pixels of `raw` rendered; every image made from them is released before this returns.
    private static func render(
        _ raw: UnsafeRawBufferPointer, modifiers: ImageModifiers, format: RenditionFormat, defaults: RenditionDefaults
    ) throws(ImageRenderingFailure) -> Data {
        let header = try header(raw)
        guard Int(header.width) * Int(header.height) <= maximumSourcePixels else {
            throw ImageRenderingFailure(
                reason: "the image is \(header.width)×\(header.height) pixels, more than the emulator renders")
        }
        let geometry = Geometry(
            stored: Size(width: Int(header.width), height: Int(header.height)),
            orientation: Int(header.orientation), modifiers: modifiers, defaults: defaults)
        let shrink = formatName(of: header) == "jpeg" ? geometry.shrinkOnLoad : 1
        guard let base = raw.baseAddress, let loaded = vips_shim_load(base, raw.count, Int32(shrink)) else {
            throw ImageRenderingFailure.fromVips("the asset is not an image")
        }
        var image = VipsImage(loaded)
        if let crop = geometry.storedCrop {
            let area = crop.scaled(down: shrink, within: image.width, image.height)
            image = try image.map {
                vips_shim_crop($0, Int32(area.x), Int32(area.y), Int32(area.width), Int32(area.height))
            }
        }
        let size = geometry.storedOutput
        if (image.width, image.height) != (size.width, size.height) {
            let (across, down) = (Double(size.width) / Double(image.width), Double(size.height) / Double(image.height))
            image = try image.map { vips_shim_resize($0, across, down) }
        }
        // Only a mirror left to right reads the lines in order; anything else needs them all at hand.
        if geometry.turns.contains(where: { $0 != .mirror }) { image = try image.map { vips_shim_settle($0) } }
        for turn in geometry.turns {
            switch turn {
            case .mirror: image = try image.map { vips_shim_flip($0, 1) }
            case .clockwise(let quarters): image = try image.map { vips_shim_rotate($0, Int32(quarters * 90)) }
            }
        }
        return try image.encoded(format.encoding, quality: modifiers.quality ?? defaults.quality)
    }

    private static func header(_ raw: UnsafeRawBufferPointer) throws(ImageRenderingFailure) -> VipsShimHeader {
        guard let base = raw.baseAddress, !raw.isEmpty else {
            throw ImageRenderingFailure(reason: "the asset has no bytes")
        }
        var header = VipsShimHeader()
        guard vips_shim_header(base, raw.count, &header) == 0 else {
            throw ImageRenderingFailure.fromVips("the asset is not an image")
        }
        return header
    }

    /// The header's format name: `jpeg`, `png`, …
    private static func formatName(of header: VipsShimHeader) -> String {
        withUnsafeBytes(of: header.format) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}

extension ImageRenderer {
    /// The sizes a render goes through, worked out from the original's header before any pixel is decoded. The
    /// modifiers speak of the upright, rotated image; the pixels are cropped and resized as stored, then turned.
    struct Geometry {
        /// What turns the stored image into the rendered one, in order: upright as its EXIF orientation says, then
        /// `rotate`, then `flip`.
        var turns: [Turn]
        /// The crop, in pixels of the stored original; nil when there is none or it is ignored.
        var storedCrop: Area?
        /// The size of the rendered image before `turns`.
        var storedOutput: Size
        /// How much a JPEG may be shrunk while it is decoded (8, 4, 2 or 1): at most half the reduction that is left,
        /// so that the final resize still smooths what the decoder's coarse shrink leaves.
        var shrinkOnLoad: Int

        /// The geometry for an original of `stored` size with an EXIF `orientation` (1 to 8).
        init(stored: Size, orientation: Int, modifiers: ImageModifiers, defaults: RenditionDefaults) {
            let turning =
                Turn.upright(orientation: orientation) + (modifiers.rotate.map { [.clockwise($0 / 90)] } ?? [])
            // The size before each step of `turning`, and after the last.
            let sizes = turning.reduce(into: [stored]) { sizes, turn in
                sizes.append(turn.applied(to: sizes[sizes.count - 1]))
            }
            let turned = sizes[sizes.count - 1]
            let crop = modifiers.crop.flatMap { Area($0, width: turned.width, height: turned.height) }
            storedCrop = crop.map { crop in
                zip(turning, sizes).reversed().reduce(crop) { area, step in area.before(step.0, of: step.1) }
            }
            let cropped = crop.map { Size(width: $0.width, height: $0.height) } ?? turned
            var size = cropped
            if let box = modifiers.size { size = size.fitted(width: box.width, height: box.height) }
            switch (modifiers.width, modifiers.height) {
            case (let width?, let height?): size = size.fitted(width: width, height: height)
            case (nil, let height?): size = size.fitted(width: .max, height: height)
            case (let width?, nil): size = size.fitted(width: width, height: .max)
            case (nil, nil):
                if modifiers.size == nil, let width = defaults.width { size = size.fitted(width: width, height: .max) }
            }
            let swapsSides = turning.filter(\.swapsSides).count % 2 == 1
            storedOutput = swapsSides ? Size(width: size.height, height: size.width) : size
            let reduction = min(
                Double(cropped.width) / Double(size.width), Double(cropped.height) / Double(size.height))
            shrinkOnLoad = [8, 4, 2].first { reduction >= Double(2 * $0) } ?? 1
            turns = turning + Turn.flip(modifiers.flip)
        }
    }

    /// One step that turns or mirrors an image; EXIF orientations, `rotate` and `flip` are made of them.
    enum Turn: Equatable {
        /// Left to right.
        case mirror
        /// A quarter turn clockwise, 1 to 3 times.
        case clockwise(Int)

        /// The steps that turn an image stored with this EXIF orientation upright.
        static func upright(orientation: Int) -> [Turn] {
            switch orientation {
            case 2: [.mirror]
            case 3: [.clockwise(2)]
            case 4: [.clockwise(2), .mirror]
            case 5: [.mirror, .clockwise(3)]
            case 6: [.clockwise(1)]
            case 7: [.mirror, .clockwise(1)]
            case 8: [.clockwise(3)]
            default: []
            }
        }

        /// The steps of a `flip` value: top to bottom is half a turn and a mirror, both ways is half a turn.
        static func flip(_ value: String?) -> [Turn] {
            switch value {
            case "h": [.mirror]
            case "v": [.clockwise(2), .mirror]
            case "hv": [.clockwise(2)]
            default: []
            }
        }

        /// Whether this step makes the width the height (a quarter turn or three).
        var swapsSides: Bool {
            guard case .clockwise(let quarters) = self else { return false }
            return quarters % 2 == 1
        }

        /// The size of an image of `size` after this step.
        func applied(to size: Size) -> Size {
            swapsSides ? Size(width: size.height, height: size.width) : size
        }
    }

    /// A width and a height in pixels.
    struct Size {
        var width: Int
        var height: Int

        /// This size fitted inside `width` × `height`, keeping its aspect ratio, never enlarged
        /// (`RenditionRules.enlarges`), each side at least 1.
        func fitted(width boxWidth: Int, height boxHeight: Int) -> Size {
            let factor = min(Double(boxWidth) / Double(width), Double(boxHeight) / Double(height))
            guard factor < 1 || RenditionRules.enlarges else { return self }
            return Size(
                width: max(1, Int((Double(width) * factor).rounded())),
                height: max(1, Int((Double(height) * factor).rounded())))
        }
    }

    /// A rectangle of pixels.
    struct Area {
        var x: Int
        var y: Int
        var width: Int
        var height: Int

        /// The pixels a crop covers in an image of this size, cut to the image; nil when none of it is inside
        /// (`RenditionRules`).
        init?(_ crop: ImageModifiers.Crop, width imageWidth: Int, height imageHeight: Int) {
            let (left, top, right, bottom): (Int, Int, Int, Int)
            switch crop {
            case .pixels(let x, let y, let width, let height):
                func end(_ start: Int, _ length: Int) -> Int {
                    let (sum, overflow) = start.addingReportingOverflow(length)
                    return overflow ? .max : sum
                }
                (left, top, right, bottom) = (x, y, end(x, width), end(y, height))
            case .percent(let x, let y, let width, let height):
                func at(_ hundredths: Int, of total: Int) -> Int {
                    Int((Double(hundredths) * Double(total) / 10_000).rounded())
                }
                (left, top) = (at(x, of: imageWidth), at(y, of: imageHeight))
                (right, bottom) = (at(x + width, of: imageWidth), at(y + height, of: imageHeight))
            }
            let (clippedRight, clippedBottom) = (min(imageWidth, right), min(imageHeight, bottom))
            guard clippedRight > max(0, left), clippedBottom > max(0, top) else { return nil }
            self.init(
                x: max(0, left), y: max(0, top), width: clippedRight - max(0, left), height: clippedBottom - max(0, top)
            )
        }

        private init(x: Int, y: Int, width: Int, height: Int) {
            (self.x, self.y, self.width, self.height) = (x, y, width, height)
        }

        /// Where this area was before `turn` moved it, in an image of `size` (its size before the turn).
        func before(_ turn: Turn, of size: Size) -> Area {
            switch turn {
            case .mirror: Area(x: size.width - x - width, y: y, width: width, height: height)
            case .clockwise(1): Area(x: y, y: size.height - x - width, width: height, height: width)
            case .clockwise(3): Area(x: size.width - y - height, y: x, width: height, height: width)
            case .clockwise: Area(x: size.width - x - width, y: size.height - y - height, width: width, height: height)
            }
        }

        /// This area in an image decoded `shrink` times smaller, which is `imageWidth` × `imageHeight`: at least
        /// one pixel, inside it.
        func scaled(down shrink: Int, within imageWidth: Int, _ imageHeight: Int) -> Area {
            func at(_ value: Int) -> Int { Int((Double(value) / Double(shrink)).rounded()) }
            let left = min(imageWidth - 1, at(x))
            let top = min(imageHeight - 1, at(y))
            let right = min(imageWidth, max(left + 1, at(x + width)))
            let bottom = min(imageHeight, max(top + 1, at(y + height)))
            return Area(x: left, y: top, width: right - left, height: bottom - top)
        }
    }
}

/// An image's size and format, read from its header.
struct ImageProbe: Sendable, Hashable {
    var width: Int
    var height: Int
    /// `jpeg`, `png`, `webp`, `gif`, `tiff` or `heif`.
    var format: String
}

/// Why an asset could not be rendered, in libvips's words where it gave some.
struct ImageRenderingFailure: Error, CustomStringConvertible {
    var reason: String

    /// The failure with libvips's first message about this use of it, taken (the messages are then cleared), else
    /// `fallback`.
    static func fromVips(_ fallback: String) -> ImageRenderingFailure {
        let message = vips_shim_take_error().map { text -> String in
            defer { vips_shim_free(text) }
            return String(cString: text)
        }
        // "VipsJpeg: Premature end of JPEG file" → "Premature end of JPEG file".
        let line = message?.split(whereSeparator: \.isNewline).first.flatMap {
            $0.split(separator: ": ", maxSplits: 1).last
        }
        return ImageRenderingFailure(reason: line.flatMap { $0.isEmpty ? nil : String($0) } ?? fallback)
    }

    var description: String { reason }
}
