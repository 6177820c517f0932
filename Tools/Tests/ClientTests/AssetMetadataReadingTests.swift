import AEMEmulator
import AEMHeadless
import AEMHeadlessAsyncHTTPClient
import EmulatorTestSupport
import Foundation
import Testing

/// An asset's metadata, from the emulator.
struct AssetMetadataReadingTests {
    @Test func metadataFromTheStandIn() async throws {
        let content = try EmulatorContent.sample()
        let path = try #require(content.assetPaths.first { $0.hasSuffix("algarve-first-waves.jpg") })
        let asset = try #require(content[asset: path])
        try await withRunning(EmulatorOptions(content: content)) { emulator in
            let configuration = try AemConfiguration(scheme: .http, host: emulator.hostAndPort)
            try await AsyncHTTPClientTransport.withTransport { transport in
                let aem = Aem(configuration, transport: transport)
                let id = try #require(AssetID(asset.uuid))
                let metadata = try await aem.assetMetadata(id: id)
                #expect(metadata.assetID == id)
                #expect(metadata.name == "algarve-first-waves.jpg")
                #expect(metadata.mimeType == "image/jpeg")
                #expect(metadata.size == (try content.bytes(ofAssetAt: path))?.count)
                #expect(metadata.width == 1200 && metadata.height == 800)
                #expect(metadata.status == "approved")
                #expect(metadata.repositoryMetadata["repo:name"] == "algarve-first-waves.jpg")
                await #expect(throws: AemError.self) {
                    _ = try await aem.assetMetadata(id: try #require(AssetID("00000000-0000-4000-8000-000000000000")))
                }
            }
        }
    }
}
