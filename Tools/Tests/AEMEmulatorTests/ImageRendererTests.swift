import EmulatorTestSupport
import Foundation
import Testing

@testable import AEMEmulator

/// The stand-in's image rendering: each modifier and their order, every output format, bad input, and the cache.
/// Sizes and formats are read back from the rendered bytes' headers.
@Suite(.rendersImages)
struct ImageRendererTests {
    /// A sample photo (1200×800 JPEG).
    private let photo: Data
    /// The photo 300×200, for tests that compare pixels (as PNG, which is slow to write large).
    private let smallPhoto: Data

    init() throws {
        let content = try EmulatorContent.sample()
        let path = try #require(content.assetPaths.first { $0.hasSuffix("algarve-first-waves.jpg") })
        photo = try #require(try content.bytes(ofAssetAt: path))
        smallPhoto = try ImageRenderer.render(
            photo, modifiers: try ImageModifiers(parameters: [(name: "width", value: "300")]), format: .jpg,
            defaults: RenditionRules.imageDefaults)
    }

    private func render(
        _ query: [(String, String)], as format: RenditionFormat = .jpg,
        defaults: RenditionDefaults = RenditionRules.imageDefaults
    ) throws -> ImageProbe {
        let modifiers = try ImageModifiers(parameters: query.map { (name: $0.0, value: $0.1) })
        let bytes = try ImageRenderer.render(photo, modifiers: modifiers, format: format, defaults: defaults)
        return try #require(ImageRenderer.probe(bytes))
    }

    @Test func theOriginalIsA1200By800JPEG() throws {
        #expect(ImageRenderer.probe(photo) == ImageProbe(width: 1200, height: 800, format: "jpeg"))
    }

    @Test func sizesKeepTheAspectRatio() throws {
        #expect(try render([("width", "400")]) == ImageProbe(width: 400, height: 267, format: "jpeg"))
        #expect(try render([("height", "200")]).width == 300)
        // Both: fitted inside the box.
        #expect(
            try render([("width", "400"), ("height", "100")]) == ImageProbe(width: 150, height: 100, format: "jpeg"))
        #expect(try render([("size", "100,100")]) == ImageProbe(width: 100, height: 67, format: "jpeg"))
        // Never enlarged.
        #expect(try render([("width", "5000")]).width == 1200)
        // The negotiated form's default width.
        #expect(try render([], defaults: RenditionRules.negotiatedDefaults).width == 1024)
    }

    @Test func everyWidthAskedForIsTheWidthRendered() throws {
        // Small widths decode the JPEG already shrunk (by 2, 4 or 8); the size is exact all the same.
        for width in stride(from: 1, through: 1200, by: 53) {
            let expected = ImageProbe(
                width: width, height: max(1, Int((Double(width) * 2 / 3).rounded())), format: "jpeg")
            #expect(try render([("width", String(width))]) == expected)
        }
        #expect(
            try render([("crop", "100,100,800,600"), ("width", "100")])
                == ImageProbe(width: 100, height: 75, format: "jpeg"))
        #expect(
            try render([("rotate", "90"), ("crop", "0,0,800,400"), ("height", "50")])
                == ImageProbe(width: 100, height: 50, format: "jpeg"))
    }

    @Test func rotateCropAndFlipApplyInAEMsOrder() throws {
        #expect(try render([("rotate", "90")]) == ImageProbe(width: 800, height: 1200, format: "jpeg"))
        #expect(try render([("rotate", "180")]).width == 1200)
        #expect(try render([("crop", "100,100,300,200")]) == ImageProbe(width: 300, height: 200, format: "jpeg"))
        #expect(try render([("crop", "10p,10p,50p,25.5p")]) == ImageProbe(width: 600, height: 204, format: "jpeg"))
        // Rotation comes before the crop, whatever the parameters' order: the crop is of the turned image.
        #expect(
            try render([("crop", "0,0,800,100"), ("rotate", "90")])
                == ImageProbe(width: 800, height: 100, format: "jpeg"))
        // A crop partly outside is cut to the image; one wholly outside is ignored.
        #expect(try render([("crop", "1000,700,5000,5000")]) == ImageProbe(width: 200, height: 100, format: "jpeg"))
        #expect(try render([("crop", "5000,5000,10,10")]).width == 1200)
        #expect(
            try render([("crop", "600,0,\(Int.max),\(Int.max)")])
                == ImageProbe(width: 600, height: 800, format: "jpeg"))
        #expect(try render([("crop", "33.33p,0p,66.67p,100p")]) == ImageProbe(width: 800, height: 800, format: "jpeg"))
        // The crop comes before the width.
        #expect(
            try render([("width", "100"), ("crop", "0,0,600,600")])
                == ImageProbe(width: 100, height: 100, format: "jpeg"))
        for flip in ["h", "v", "hv"] { #expect(try render([("flip", flip), ("width", "120")]).height == 80) }
    }

    /// `source` rendered as PNG (lossless, so that pixels can be compared byte for byte).
    private func png(_ source: Data, _ query: [(name: String, value: String)]) throws -> Data {
        let modifiers = try ImageModifiers(parameters: query)
        return try ImageRenderer.render(
            source, modifiers: modifiers, format: .png, defaults: RenditionRules.imageDefaults)
    }

    @Test(arguments: ["90", "180", "270"], ["", "h", "v", "hv"])
    func turnsGiveThePixelsOfAEMsOrder(rotate: String, flip: String) throws {
        // The renderer crops the stored pixels and turns last; turning first, as AEM's order reads, gives the same.
        let crop = (name: "crop", value: "30,20,120,80")
        let flips = flip.isEmpty ? [] : [(name: "flip", value: flip)]
        let turnedFirst = try png(try png(smallPhoto, [(name: "rotate", value: rotate)]), [crop] + flips)
        #expect(try png(smallPhoto, [(name: "rotate", value: rotate), crop] + flips) == turnedFirst)
    }

    @Test func aSquareImageTurnedAndCroppedKeepsTheCropsShape() throws {
        let square = try png(photo, [(name: "crop", value: "0,0,800,800")])
        let turned = try png(square, [(name: "rotate", value: "90"), (name: "crop", value: "0,0,400,100")])
        #expect(ImageRenderer.probe(turned) == ImageProbe(width: 400, height: 100, format: "png"))
        let fitted = try png(
            square,
            [(name: "rotate", value: "270"), (name: "crop", value: "0,0,400,100"), (name: "width", value: "200")])
        #expect(ImageRenderer.probe(fitted) == ImageProbe(width: 200, height: 50, format: "png"))
    }

    @Test func flipMirrorsThePixels() throws {
        for flip in ["h", "v", "hv"] {
            let mirrored = try png(smallPhoto, [(name: "flip", value: flip)])
            #expect(mirrored != (try png(smallPhoto, [])))
            #expect(try png(mirrored, [(name: "flip", value: flip)]) == png(smallPhoto, []))
        }
    }

    @Test(arguments: [
        (RenditionFormat.jpg, "jpeg"), (.pjpg, "jpeg"), (.bjpg, "jpeg"), (.png, "png"), (.png8, "png"), (.gif, "gif"),
        (.webp, "webp"), (.webpll, "webp"), (.webply, "webp"),
    ])
    func everyFormatIsWritten(format: RenditionFormat, decodedAs name: String) throws {
        #expect(try render([("width", "160")], as: format) == ImageProbe(width: 160, height: 107, format: name))
    }

    @Test func eachFormatIsTheKindItNames() throws {
        let none = try ImageModifiers(parameters: [(name: "width", value: "100")])
        func bytes(_ format: RenditionFormat) throws -> [UInt8] {
            Array(
                try ImageRenderer.render(photo, modifiers: none, format: format, defaults: RenditionRules.imageDefaults)
            )
        }
        // JPEG frames: baseline (FF C0) or progressive (FF C2); elsewhere FF is followed by 00 or a restart marker.
        func frame(_ jpeg: [UInt8]) -> UInt8? {
            zip(jpeg, jpeg.dropFirst()).first { $0 == 0xFF && $1 >= 0xC0 && $1 <= 0xC2 }?.1
        }
        #expect(frame(try bytes(.jpg)) == 0xC0)
        #expect(frame(try bytes(.bjpg)) == 0xC0)
        #expect(frame(try bytes(.pjpg)) == 0xC2)
        // PNG colour type (byte 25): 2 is RGB, 3 is a palette.
        #expect(try bytes(.png)[25] == 2)
        #expect(try bytes(.png8)[25] == 3)
        // The WebP image chunk, after the header chunk: VP8L is lossless, "VP8 " lossy.
        func webPChunks(_ webP: [UInt8]) -> String { String(decoding: webP.prefix(64), as: UTF8.self) }
        #expect(webPChunks(try bytes(.webpll)).contains("VP8L"))
        #expect(webPChunks(try bytes(.webply)).contains("VP8 "))
        #expect(webPChunks(try bytes(.webp)).contains("VP8 "))
        #expect(String(decoding: try bytes(.gif)[0..<6], as: UTF8.self) == "GIF89a")
    }

    @Test func qualityChangesTheSize() throws {
        let low = try ImageModifiers(parameters: [(name: "quality", value: "10"), (name: "width", value: "600")])
        let high = try ImageModifiers(parameters: [(name: "quality", value: "95"), (name: "width", value: "600")])
        let small = try ImageRenderer.render(
            photo, modifiers: low, format: .webp, defaults: RenditionRules.imageDefaults)
        let large = try ImageRenderer.render(
            photo, modifiers: high, format: .webp, defaults: RenditionRules.imageDefaults)
        #expect(small.count * 2 < large.count)
    }

    @Test(arguments: [
        Data(), Data("%PDF-1.4 not really".utf8), Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]), Data("<html></html>".utf8),
        // A PDF and an SVG libvips could draw: the stand-in renders only jpeg, png, webp, gif, tiff and heif.
        Data(
            """
            %PDF-1.4
            1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj
            3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 100 80]>>endobj
            trailer<</Root 1 0 R>>
            %%EOF
            """.utf8),
        Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="30" height="20"/>"#.utf8),
    ])
    func whatIsNotAnImageIsAFailureNotACrash(bytes: Data) throws {
        #expect(throws: ImageRenderingFailure.self) {
            try ImageRenderer.render(
                bytes, modifiers: try ImageModifiers(parameters: []), format: .jpg,
                defaults: RenditionRules.imageDefaults)
        }
        #expect(ImageRenderer.probe(bytes) == nil)
    }

    @Test func aTruncatedImageRendersWhatItHasOrFails() throws {
        let modifiers = try ImageModifiers(parameters: [(name: "width", value: "100")])
        let truncated = photo.prefix(photo.count / 3)
        // libvips fills what is missing of a truncated JPEG, as browsers do; either way the server answers.
        if let bytes = try? ImageRenderer.render(
            truncated, modifiers: modifiers, format: .png, defaults: .init(width: nil, quality: 80))
        {
            #expect(ImageRenderer.probe(bytes)?.width == 100)
        }
    }

    @Test(arguments: [
        ("rotate", "45"), ("width", "0"), ("width", "-5"), ("height", "x"), ("quality", "0"), ("quality", "101"),
        ("crop", "1,2,3"), ("crop", "0,0,0,10"), ("crop", "60p,0p,50p,10p"), ("crop", "10.123p,0p,5p,5p"),
        ("crop", "1e1p,0p,5p,5p"), ("crop", "-1,0,10,10"), ("crop", "10,10,10p,10p"), ("flip", "x"), ("size", "100"),
        ("size", "100,x,100"), ("size", "0,100"), ("preferwebp", "maybe"), ("smartcrop", ""),
    ])
    func invalidModifiersNameTheParameter(name: String, value: String) {
        #expect {
            try ImageModifiers(parameters: [(name: name, value: value)])
        } throws: { error in
            (error as? ImageModifierError)?.parameter == name
        }
    }

    @Test func unknownParametersAreIgnoredAndTheKeyIgnoresOrder() throws {
        let one = try ImageModifiers(parameters: [
            (name: "width", value: "300"), (name: "assetname", value: "x.jpg"), (name: "quality", value: "70"),
        ])
        let other = try ImageModifiers(parameters: [(name: "quality", value: "70"), (name: "width", value: "300")])
        #expect(one == other)
        #expect(one.cacheKey == other.cacheKey)
        #expect(one.cacheKey != (try ImageModifiers(parameters: [(name: "width", value: "301")])).cacheKey)
        let percent = try ImageModifiers(parameters: [(name: "crop", value: "10p,5.5p,50.25p,20.05p")])
        let samePercent = try ImageModifiers(parameters: [(name: "crop", value: "10.00p,05.50p,50.25p,20.05p")])
        #expect(percent.cacheKey == "crop=10p,5.5p,50.25p,20.05p")
        #expect(samePercent.cacheKey == percent.cacheKey)
        // preferwebp does not change the bytes, so it does not change the key.
        #expect(try ImageModifiers(parameters: [(name: "preferwebp", value: "true")]).cacheKey == "")
    }

    /// The small photo with an EXIF orientation (1 to 8): an APP1 segment put after the JPEG's start marker.
    private func smallPhoto(orientation: UInt8) -> Data {
        let exif: [UInt8] =
            [0xFF, 0xE1, 0x00, 0x22] + Array("Exif".utf8) + [0, 0, 0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8]
            + [0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0, 0, 0]
        return Data(smallPhoto.prefix(2) + exif + smallPhoto.dropFirst(2))
    }

    @Test(arguments: [
        (UInt8(1), ""), (2, "flip=h"), (3, "rotate=180"), (4, "flip=v"), (5, "rotate=90&flip=h"), (6, "rotate=90"),
        (7, "rotate=270&flip=h"), (8, "rotate=270"),
    ])
    func anEXIFOrientationIsTurnedUprightFirst(orientation: UInt8, sameAs query: String) throws {
        let modifiers = query.split(separator: "&").map { pair in
            (name: String(pair.prefix { $0 != "=" }), value: String(pair.drop { $0 != "=" }.dropFirst()))
        }
        let oriented = smallPhoto(orientation: orientation)
        // The header is read as stored; the rendition is upright (orientation 6 is "turn a quarter clockwise").
        #expect(ImageRenderer.probe(oriented) == ImageProbe(width: 300, height: 200, format: "jpeg"))
        let upright = try png(oriented, [])
        #expect(upright == (try png(smallPhoto, modifiers)))
        // The modifiers apply to the upright image.
        let crop = (name: "crop", value: "30,20,120,80")
        #expect(
            try png(oriented, [crop, (name: "flip", value: "v")]) == png(upright, [crop, (name: "flip", value: "v")]))
        let sideways = orientation >= 5
        let small = try png(oriented, [(name: "width", value: "50")])
        #expect(ImageRenderer.probe(small) == ImageProbe(width: 50, height: sideways ? 75 : 33, format: "png"))
    }

    @Test(arguments: RenditionFormat.allCases)
    func aRenditionIsNotTurnedAgain(format: RenditionFormat) throws {
        // No EXIF orientation is carried over: rendered again, the rendition stays as it is.
        let modifiers = try ImageModifiers(parameters: [(name: "width", value: "100")])
        let rendition = try ImageRenderer.render(
            smallPhoto(orientation: 6), modifiers: modifiers, format: format, defaults: RenditionRules.imageDefaults)
        #expect(ImageRenderer.probe(try png(rendition, [])) == ImageProbe(width: 100, height: 150, format: "png"))
    }

    @Test func transparencyIsLaidOnWhiteInAJPEG() throws {
        // 4×4 PNGs: fully transparent black, and opaque white.
        let clear = try #require(
            Data(
                base64Encoded:
                    "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAYAAACp8Z5+AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWNgoBwA"
                    + "AABEAAGC/mVLAAAAAElFTkSuQmCC"))
        let white = try #require(
            Data(
                base64Encoded:
                    "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAD0lEQVQImWP4jwQY"
                    + "iOMAANuQL9HsugRzAAAAAElFTkSuQmCC"))
        let none = try ImageModifiers(parameters: [])
        func rendered(_ data: Data, as format: RenditionFormat) throws -> Data {
            try ImageRenderer.render(data, modifiers: none, format: format, defaults: RenditionRules.imageDefaults)
        }
        #expect(try rendered(clear, as: .jpg) == rendered(white, as: .jpg))
        // Formats with transparency keep it.
        #expect(try rendered(clear, as: .png) != rendered(white, as: .png))
    }

    @Test func manyRendersAtOnce() async throws {
        let photo = self.photo
        let none = try ImageModifiers(parameters: [])
        let widths = try await withThrowingTaskGroup(of: Int?.self) { group in
            for index in 0..<24 {
                group.addTask {
                    let modifiers = try ImageModifiers(parameters: [
                        (name: "width", value: String(100 + index)),
                        (name: "rotate", value: ["90", "180", "270"][index % 3]),
                    ])
                    // Every fourth asks for garbage, whose failure must not disturb the others.
                    guard index % 4 != 0 else {
                        #expect(throws: ImageRenderingFailure.self) {
                            try ImageRenderer.render(
                                Data("garbage".utf8), modifiers: none, format: .webp,
                                defaults: RenditionRules.imageDefaults)
                        }
                        return nil
                    }
                    let formats: [RenditionFormat] = [.webp, .jpg, .png, .gif]
                    let bytes = try ImageRenderer.render(
                        photo, modifiers: modifiers, format: formats[index / 4 % 4],
                        defaults: RenditionRules.imageDefaults)
                    return ImageRenderer.probe(bytes)?.width
                }
            }
            return try await group.reduce(into: [Int?]()) { $0.append($1) }
        }
        #expect(widths.compactMap { $0 }.sorted() == (0..<24).filter { $0 % 4 != 0 }.map { 100 + $0 }.sorted())
    }
}
