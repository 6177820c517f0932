import EmulatorTestSupport
import Foundation
import Testing

@testable import AEMEmulator

/// A package that leaves an image's original out, as packages kept in version control often do: AEM has the asset, so
/// it is answered wherever it is referenced, and its bytes are a placeholder of its size and type, the same on every
/// load. An asset no placeholder stands for (a PDF) stays out.
struct PlaceholderAssetTests {
    private static let image = "/content/dam/wknd-shared/en/adventures/algarve-first-waves/algarve-first-waves.jpg"
    private static let document = "/content/dam/wknd-shared/en/guide.pdf"

    /// The built-in sample without the algarve-first-waves photo's original (its metadata says 1200 × 800), and a PDF
    /// asset without its own.
    private static func package() throws -> PackageLoadingTestPackage {
        let package = try PackageLoadingTestPackage()
        let sample = try #require(EmulatorContent.sampleDirectory).appendingPathComponent("jcr_root")
        try FileManager.default.removeItem(at: package.root)
        try FileManager.default.copyItem(at: sample, to: package.root)
        try FileManager.default.removeItem(
            at: package.root.appendingPathComponent(String(image.dropFirst()) + "/_jcr_content/renditions"))
        try package.write(
            String(document.dropFirst()) + "/.content.xml",
            PackageLoadingTestPackage.docView(
                #"""
                    jcr:primaryType="dam:Asset">
                    <jcr:content jcr:primaryType="dam:AssetContent">
                        <metadata jcr:primaryType="nt:unstructured" dc:format="application/pdf"/>
                    </jcr:content>
                </jcr:root>
                """#))
        return package
    }

    @Test func theAssetIsReadFromItsMetadata() throws {
        let package = try Self.package()
        let repository = try ContentPackageLoader.load(jcrRoot: package.root)
        let asset = try #require(repository.assets[Self.image])
        guard case .placeholder = asset.bytes else {
            Issue.record("the asset is not served as a placeholder")
            return
        }
        #expect(asset.mimeType == "image/jpeg")
        #expect((asset.width, asset.height) == (1200, 800))
        #expect(repository.assets[Self.document] == nil)
        #expect(
            try ContentPackage(jcrRoot: package.root).description.hasSuffix(
                "; 1 asset without its original, served as a placeholder"))
    }

    @Test(.rendersImages) func referencesAnswerItAndItsBytesAreAPlaceholderOfItsSize() async throws {
        let package = try Self.package()
        let content = try EmulatorContent.load(jcrRoot: package.root)
        try await withEmulator(EmulatorOptions(content: content)) { emulator in
            let reference = try await emulator.get(Paths.adventureBySlug + ";slug=algarve-first-waves;").json()[
                "data"]["adventureList"]["items"][0]["primaryImage"]
            #expect(reference["_path"].string == Self.image)
            #expect(reference["width"].int == 1200)
            #expect(reference["height"].int == 800)
            #expect(reference["mimeType"].string == "image/jpeg")

            let original = try await emulator.get(Self.image)
            #expect(original.status == 200)
            #expect(original.header("Content-Type") == "image/jpeg")
            #expect(ImageRenderer.probe(Data(original.body)) == ImageProbe(width: 1200, height: 800, format: "jpeg"))

            let dynamicURL = try #require(reference["_dynamicUrl"].string)
            let rendition = try await emulator.get(dynamicURL)
            #expect(rendition.status == 200)
            #expect(ImageRenderer.probe(Data(rendition.body))?.width == 1200)
            let uuid = try #require(dynamicURL.split(separator: "/").first { $0.hasPrefix("dm-aid--") }?.dropFirst(8))
            let small = try await emulator.get("/adobe/assets/urn:aaid:aem:\(uuid)/as/algarve.webp?width=300")
            #expect(ImageRenderer.probe(Data(small.body)) == ImageProbe(width: 300, height: 200, format: "webp"))

            #expect(try await emulator.get(Self.document).status == 404)
        }
    }

    @Test(.rendersImages) func thePlaceholderIsTheSameOnEveryLoadAndDiffersByAsset() throws {
        let package = try Self.package()
        let first = try #require(try EmulatorContent.load(jcrRoot: package.root).bytes(ofAssetAt: Self.image))
        let second = try #require(try EmulatorContent.load(jcrRoot: package.root).bytes(ofAssetAt: Self.image))
        #expect(first == second)
        var other = try #require(try ContentPackageLoader.load(jcrRoot: package.root).assets[Self.image])
        other.uuid = "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"
        #expect(PlaceholderImage.data(for: other) != first)
    }

    @Test func itsSizeFollowsWhatTheMetadataGives() {
        func size(_ width: Int?, _ height: Int?) -> [Int] {
            let size = PlaceholderImage.size(width: width, height: height)
            return [size.width, size.height]
        }
        #expect(size(1200, 800) == [1200, 800])
        #expect(size(nil, nil) == [1280, 720])
        #expect(size(1600, nil) == [1600, 900])
        #expect(size(nil, 360) == [640, 360])
        let huge = size(40_000, 30_000)
        #expect(huge[0] * huge[1] <= ImageRenderer.maximumSourcePixels)
        #expect(abs(Double(huge[0]) / Double(huge[1]) - 4.0 / 3.0) < 0.01)
    }
}
