import Foundation
import Testing

@testable import AEMEmulator

/// The stand-in's image rendering: each modifier and their order, every output format, bad input, and the cache.
/// Sizes and formats are read back from the rendered bytes' headers.
struct ImageRendererTests {
    /// A sample photo (1200×800 JPEG).
    private let photo: Data

    init() throws {
        let content = try EmulatorContent.sample()
        let path = try #require(content.assetPaths.first { $0.hasSuffix("algarve-first-waves.jpg") })
        photo = try #require(try content.bytes(ofAssetAt: path))
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
        // The crop comes before the width.
        #expect(
            try render([("width", "100"), ("crop", "0,0,600,600")])
                == ImageProbe(width: 100, height: 100, format: "jpeg"))
        for flip in ["h", "v", "hv"] { #expect(try render([("flip", flip), ("width", "120")]).height == 80) }
    }

    @Test func flipMirrorsThePixels() throws {
        let modifiers = try ImageModifiers(parameters: [(name: "flip", value: "h")])
        let mirrored = try ImageRenderer.render(
            photo, modifiers: modifiers, format: .png, defaults: RenditionRules.imageDefaults)
        let twice = try ImageRenderer.render(
            mirrored, modifiers: modifiers, format: .png, defaults: RenditionRules.imageDefaults)
        let plain = try ImageRenderer.render(
            photo, modifiers: try ImageModifiers(parameters: []), format: .png, defaults: RenditionRules.imageDefaults)
        #expect(mirrored != plain)
        #expect(twice == plain)
    }

    @Test(arguments: [
        (RenditionFormat.jpg, "jpeg"), (.pjpg, "jpeg"), (.bjpg, "jpeg"), (.png, "png"), (.png8, "png"), (.gif, "gif"),
        (.webp, "webp"), (.webpll, "webp"), (.webply, "webp"),
    ])
    func everyFormatIsWritten(format: RenditionFormat, decodedAs name: String) throws {
        #expect(try render([("width", "160")], as: format) == ImageProbe(width: 160, height: 107, format: name))
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
        ("crop", "1e1p,0p,5p,5p"), ("flip", "x"), ("size", "100"), ("preferwebp", "maybe"), ("smartcrop", ""),
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
    }

    @Test func theCacheKeepsAtMostItsLimit() throws {
        let cache = RenditionCache(byteLimit: 1_000)
        var renders = 0
        func rendition(_ key: String, bytes: Int) throws -> CachedRendition {
            try cache.rendition(for: key, mimeType: "image/jpeg") { () throws(ImageRenderingFailure) in
                renders += 1
                return Data(repeating: UInt8(bytes % 251), count: bytes)
            }
        }
        let first = try rendition("a", bytes: 400)
        #expect(try rendition("a", bytes: 400).etag == first.etag)
        #expect(renders == 1)
        _ = try rendition("b", bytes: 400)
        _ = try rendition("a", bytes: 400) // a is now the most recent
        _ = try rendition("c", bytes: 400) // over the limit: b goes
        #expect(cache.keptBytes <= 1_000)
        _ = try rendition("a", bytes: 400)
        #expect(renders == 3)
        _ = try rendition("b", bytes: 400)
        #expect(renders == 4)
        // Larger than the whole cache: served, not kept.
        _ = try rendition("huge", bytes: 5_000)
        #expect(cache.keptBytes <= 1_000)
    }
}
