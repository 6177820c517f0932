import AEMEmulator
import EmulatorTestSupport
import Foundation
import Testing

@testable import AEMEmulator

/// Dynamic Media with OpenAPI over HTTP: every route, the urn raw or encoded, modifiers really applied, validators
/// and cache headers, Problem Details for bad requests, and `_dynamicUrl`s rendered as they ask.
struct AssetDeliveryTests {
    /// The sample's algarve-first-waves photo: its uuid and `_dynamicUrl`.
    private func photo(_ emulator: RunningEmulator) async throws -> (uuid: String, dynamicURL: String) {
        let ref = try await emulator.get(Paths.adventureBySlug + ";slug=algarve-first-waves;").json()["data"][
            "adventureList"]["items"][0]["primaryImage"]
        let dynamicURL = try #require(ref["_dynamicUrl"].string)
        let uuid = try #require(dynamicURL.split(separator: "/").first { $0.hasPrefix("dm-aid--") }?.dropFirst(8))
        return (String(uuid), dynamicURL)
    }

    private func probe(_ result: HTTPResult) throws -> ImageProbe {
        try #require(ImageRenderer.probe(Data(result.body)))
    }

    @Test(.rendersImages) func theSEOFormRendersTheModifiers() async throws {
        try await withEmulator { emulator in
            let (uuid, _) = try await photo(emulator)
            let base = "/adobe/assets/urn:aaid:aem:\(uuid)/as/algarve-first-waves"
            let webp = try await emulator.get(base + ".webp?width=400")
            #expect(webp.status == 200)
            #expect(webp.header("Content-Type") == "image/webp")
            #expect(try probe(webp) == ImageProbe(width: 400, height: 267, format: "webp"))
            #expect(webp.header("Cache-Control") == "max-age=600")
            #expect(webp.header("Vary") == nil)
            let combined = try await emulator.get(
                base + ".png?rotate=270&crop=0,0,400,300&flip=hv&width=200&assetname=x.jpg")
            #expect(try probe(combined) == ImageProbe(width: 200, height: 150, format: "png"))
            // The urn percent-encoded names the same asset.
            let encoded = try await emulator.get("/adobe/assets/urn%3Aaaid%3Aaem%3A\(uuid)/as/x.gif?width=100")
            #expect(try probe(encoded) == ImageProbe(width: 100, height: 67, format: "gif"))
        }
    }

    @Test(.rendersImages) func theNegotiatedFormFollowsAccept() async throws {
        try await withEmulator { emulator in
            let (uuid, _) = try await photo(emulator)
            let path = "/adobe/assets/urn:aaid:aem:\(uuid)/as/algarve-first-waves"
            let jpeg = try await emulator.get(path)
            #expect(try probe(jpeg) == ImageProbe(width: 1024, height: 683, format: "jpeg"))
            #expect(jpeg.header("Vary") == "Accept")
            let webp = try await emulator.get(path, headers: [("Accept", "image/avif,image/webp,*/*;q=0.8")])
            #expect(try probe(webp).format == "webp")
            let refused = try await emulator.get(path, headers: [("Accept", "image/webp;q=0, */*")])
            #expect(try probe(refused).format == "jpeg")
        }
    }

    @Test func originalsRenditionsAndMetadata() async throws {
        try await withEmulator { emulator in
            let (uuid, _) = try await photo(emulator)
            let root = "/adobe/assets/urn:aaid:aem:\(uuid)"
            let byPath = try await emulator.get(
                "/content/dam/wknd-shared/en/adventures/algarve-first-waves/algarve-first-waves.jpg")
            for path in [
                root + "/original/as/x.jpg", root + "/renditions/original/as/x",
                "/adobe/assets/deliver/urn:aaid:aem:\(uuid)/x.jpg",
            ] {
                let original = try await emulator.get(path)
                #expect(original.status == 200, "\(path)")
                #expect(original.body == byPath.body, "\(path)")
                #expect(original.header("Cache-Control") == "max-age=600")
            }
            let missing = try await emulator.get(root + "/renditions/cq5dam.thumbnail.48.48.png/as/x.png")
            #expect(missing.status == 404)
            #expect(missing.header("Content-Type") == "application/problem+json")
            let metadata = try await emulator.get(root + "/metadata").json()
            #expect(metadata["assetId"].string == "urn:aaid:aem:\(uuid)")
            #expect(metadata["repositoryMetadata"]["repo:name"].string == "algarve-first-waves.jpg")
            #expect(metadata["repositoryMetadata"]["dc:format"].string == "image/jpeg")
            #expect(metadata["repositoryMetadata"]["repo:size"].string == String(byPath.body.count))
            #expect(metadata["assetMetadata"]["tiff:ImageWidth"].int == 1200)
            #expect(metadata["assetMetadata"]["tiff:ImageLength"].int == 800)
        }
    }

    @Test(.rendersImages) func renditionsHaveTheirOwnStrongTagsAnd304() async throws {
        try await withEmulator { emulator in
            let (uuid, _) = try await photo(emulator)
            let path = "/adobe/assets/urn:aaid:aem:\(uuid)/as/x.webp?width=300&quality=70"
            let first = try await emulator.get(path)
            let etag = try #require(first.header("ETag"))
            #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""))
            let again = try await emulator.get("/adobe/assets/urn:aaid:aem:\(uuid)/as/y.webp?quality=70&width=300")
            #expect(again.header("ETag") == etag)
            #expect(again.body == first.body)
            let other = try await emulator.get("/adobe/assets/urn:aaid:aem:\(uuid)/as/x.webp?width=301&quality=70")
            #expect(other.header("ETag") != etag)
            let notModified = try await emulator.get(path, headers: [("If-None-Match", etag)])
            #expect(notModified.status == 304)
            #expect(notModified.body.isEmpty)
        }
    }

    @Test(arguments: [
        ("as/x.jpg?quality=101", 400, "quality"), ("as/x.jpg?rotate=45", 400, "rotate"),
        ("as/x.jpg?crop=50p,0p,60p,10p", 400, "crop"), ("as/x.tiff", 400, "tiff"), ("as/x.jpg?width=0", 400, "width"),
        ("as/x.jpg?smartcrop=Landscape", 400, "Landscape"), ("nothing/here", 404, "No such resource"),
    ])
    func badRequestsGetProblemDetails(suffix: String, status: Int, mention: String) async throws {
        try await withEmulator { emulator in
            let (uuid, _) = try await photo(emulator)
            let answer = try await emulator.get("/adobe/assets/urn:aaid:aem:\(uuid)/\(suffix)")
            #expect(answer.status == status)
            #expect(answer.header("Content-Type") == "application/problem+json")
            let detail = try answer.json()["detail"].string ?? ""
            #expect(detail.contains(mention), "\(detail)")
        }
    }

    @Test func anUnknownAssetIs404() async throws {
        try await withEmulator { emulator in
            let answer = try await emulator.get(
                "/adobe/assets/urn:aaid:aem:00000000-0000-0000-0000-000000000000/as/x.jpg")
            #expect(answer.status == 404)
            #expect(answer.header("Content-Type") == "application/problem+json")
        }
    }

    @Test(.rendersImages) func dynamicURLsRenderWhatTheyAskFor() async throws {
        try await withEmulator { emulator in
            let (_, dynamicURL) = try await photo(emulator)
            #expect(
                try probe(try await emulator.get(dynamicURL)) == ImageProbe(width: 1200, height: 800, format: "jpeg"))
            let transformed = try await emulator.get(
                Paths.adventureBySlug
                    + ";slug=algarve-first-waves;imageFormat=WEBP;imageWidth=200;imageQuality=50;"
            )
            .json()["data"]["adventureList"]["items"][0]["primaryImage"]["_dynamicUrl"].string
            let url = try #require(transformed)
            #expect(url.contains(".webp?"))
            #expect(try probe(try await emulator.get(url)) == ImageProbe(width: 200, height: 133, format: "webp"))
        }
    }

    @Test(.rendersImages) func aCorruptAssetIsAnErrorNotACrash() async throws {
        var content = try EmulatorContent.sample()
        content[asset: "/content/dam/broken.jpg"] = DamAsset(
            path: "/content/dam/broken.jpg", uuid: "0badbad0-0000-4000-8000-000000000001", mimeType: "image/jpeg",
            bytes: .data(Data("<html>not an image</html>".utf8)))
        try await withEmulator(EmulatorOptions(content: content)) { emulator in
            let root = "/adobe/assets/urn:aaid:aem:0badbad0-0000-4000-8000-000000000001"
            let rendered = try await emulator.get(root + "/as/broken.jpg?width=100")
            #expect(rendered.status == 415)
            #expect(rendered.header("Content-Type") == "application/problem+json")
            #expect(try await emulator.get(root + "/original/as/broken.jpg").status == 200)
            #expect(try await emulator.get(root + "/metadata").json()["assetMetadata"]["tiff:ImageWidth"].int == nil)
        }
    }
}
