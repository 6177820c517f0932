import EmulatorTestSupport
import Foundation
import Testing

@testable import AEMEmulator
@testable import WKNDCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `wknd assets url | info` against the stand-in.
@Suite("wknd assets: delivery URLs and metadata")
struct AssetsCommandTests {
    let uuid: String

    init() throws {
        let content = try EmulatorContent.sample()
        let path = try #require(content.assetPaths.first { $0.hasSuffix("algarve-first-waves.jpg") })
        uuid = try #require(content[asset: path]).uuid
    }

    @Test("url builds both families with the modifiers, checked before anything is sent")
    func urls() async throws {
        let environment = ["AEM_HOST": "publish-p1-e2.adobeaemcloud.com"]
        let openAPI = try await WkndRun.run(
            [
                "assets", "url", "urn:aaid:aem:\(uuid)", "--width", "800", "--format", "webp", "--crop",
                "10p,10p,80p,80p",
                "--delivery-host", "delivery-p1-e2.adobeaemcloud.com", "--name", "Algarve surf.jpg",
            ], environment: environment)
        #expect(openAPI.status == 0, "\(openAPI.stderr)")
        #expect(
            openAPI.stdout
                == "https://delivery-p1-e2.adobeaemcloud.com/adobe/assets/urn:aaid:aem:\(uuid)/as/Algarve-surf.webp?crop=10p,10p,80p,80p&width=800\n"
        )
        let dynamic = try await WkndRun.run(
            [
                "assets", "url", "/adobe/dynamicmedia/deliver/dm-aid--\(uuid)/a.jpg?quality=80&width=1200", "--width",
                "400",
            ],
            environment: environment)
        #expect(
            dynamic.stdout
                == "https://publish-p1-e2.adobeaemcloud.com/adobe/dynamicmedia/deliver/dm-aid--\(uuid)/a.jpg?quality=80&width=400\n"
        )
        let original = try await WkndRun.run(
            ["assets", "url", "dm-aid--\(uuid)", "--original"], environment: environment)
        #expect(
            original.stdout
                == "https://publish-p1-e2.adobeaemcloud.com/adobe/assets/urn:aaid:aem:\(uuid)/original/as/image\n")
        for bad in [["/content/dam/x.jpg"], ["urn:aaid:aem:\(uuid)", "--quality", "0"], ["not-an-id!"]] {
            let run = try await WkndRun.run(["assets", "url"] + bad, environment: environment)
            #expect(run.status == 64, "\(bad)")
            #expect(run.stdout.isEmpty)
        }
    }

    @Test("a URL printed for the stand-in fetches the image it describes", .rendersImages)
    func printedURLsWork() async throws {
        try await withEmulator { emulator, environment in
            let run = try await WkndRun.run(
                ["assets", "url", "urn:aaid:aem:\(uuid)", "--height", "100", "--format", "png"],
                environment: environment)
            let url = run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(url.hasPrefix("http://\(emulator.hostAndPort)/adobe/assets/"))
            let image = try await URLSession.shared.data(from: try #require(URL(string: url))).0
            #expect(ImageRenderer.probe(image) == ImageProbe(width: 150, height: 100, format: "png"))
        }
    }

    @Test("info shows the metadata, --json the document; an unknown asset exits 66")
    func info() async throws {
        try await withEmulator { _, environment in
            let text = try await WkndRun.run(["assets", "info", "urn:aaid:aem:\(uuid)"], environment: environment)
            #expect(text.status == 0, "\(text.stderr)")
            #expect(text.stdout.contains("name    algarve-first-waves.jpg"))
            #expect(text.stdout.contains("pixels  1200 × 800"))
            let json = try await WkndRun.run(["assets", "info", uuid, "--json"], environment: environment)
            let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
            #expect(document?["assetId"] as? String == "urn:aaid:aem:\(uuid)")
            let missing = try await WkndRun.run(
                ["assets", "info", "urn:aaid:aem:00000000-0000-4000-8000-000000000000"], environment: environment)
            #expect(missing.status == 66)
            #expect(missing.stdout.isEmpty)
        }
    }
}
