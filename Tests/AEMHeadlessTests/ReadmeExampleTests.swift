import AEMEmulator
import AEMHeadless
import AEMHeadlessAsyncHTTPClient
import EmulatorTestSupport
import Foundation
import Testing

/// The README's library example, run against the emulator, so that the README stays true.
@Suite("README example")
struct ReadmeExampleTests {
    @Test func typedWKNDCallsAfterARetriedAnswer() async throws {
        try await withRunning(EmulatorOptions(dynamicURLs: false)) { emulator in
            emulator.faults.script(
                "/graphql/execute.json/wknd-shared/adventures-all", .serviceUnavailable(retryAfter: 0))
            try await AsyncHTTPClientTransport.withTransport { transport in
                let host = try #require(emulator.baseURL.host).appending(":\(emulator.port)")
                let aem = Aem(try AemConfiguration(scheme: .http, host: host), transport: transport)

                let list = try await aem.adventures(limit: 10, sort: "price DESC")
                let adventures = try #require(list.data)
                #expect(adventures.count == 10)
                #expect(adventures.map { $0.price ?? 0 } == adventures.map { $0.price ?? 0 }.sorted(by: >))
                let image = try #require(adventures[0].primaryImage?.url(on: aem.configuration.origin))
                #expect(image.absoluteString.hasPrefix("http://\(host)/content/dam/"))

                let detail = try await aem.adventure(slug: "lofoten-winter-surf")
                let found = try #require(detail.data)
                #expect(found.adventure.description?.plaintext?.isEmpty == false)
                #expect(!found.referencedAdventures.isEmpty)

                let missing = try await aem.adventure(slug: "no-such-adventure")
                #expect(missing.errors.isEmpty)
                #expect(missing.data == nil)
                #expect(missing.queryPath == "wknd-shared/adventure-by-slug")
            }
        }
    }
}
