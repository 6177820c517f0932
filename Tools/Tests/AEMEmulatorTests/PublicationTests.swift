import AEMEmulator
import EmulatorTestSupport
import Foundation
import Testing

/// Publication in the stand-in: the control route (publish, unpublish, touch), the publish tier that stops serving
/// an unpublished fragment, and the events of both, assets' included.
@Suite("Publication: the control route, tiers and their events")
struct PublicationTests {
    private static func options(tier: EmulatorTier = .author, control: Bool = true) throws -> EmulatorOptions {
        EmulatorOptions(
            content: try EmulatorContent.sample(), live: EmulatorLiveContent(tier: tier), allowsControl: control)
    }

    private static func post(_ emulator: RunningEmulator, _ action: String, path: String?) async throws -> HTTPResult {
        let query = path.map { "?path=" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0) }
        return try await HTTPTestClient.send(
            emulator.url("/emulator/control/\(action)" + (query ?? "")), method: .POST, body: "")
    }

    @Test func theControlRouteIsOffUnlessAskedFor() async throws {
        try await withEmulator(try Self.options(control: false)) { emulator in
            let path = try #require(try EmulatorContent.sample().adventures.first?.path)
            #expect(try await Self.post(emulator, "unpublish", path: path).status == 404)
            #expect(emulator.live.journal.all.isEmpty)
        }
    }

    @Test func onThePublishTierAnUnpublishedFragmentIsNotServedUntilPublishedAgain() async throws {
        try await withEmulator(try Self.options(tier: .publish)) { emulator in
            let adventure = try #require(try EmulatorContent.sample().adventures.first)
            let delivery = "/adobe/contentFragments/\(adventure.uuid)"
            let bySlug = "\(Paths.adventureBySlug);slug=\(adventure.slug)"
            #expect(try await emulator.get(delivery).status == 200)

            let unpublished = try await Self.post(emulator, "unpublish", path: adventure.path)
            #expect(unpublished.status == 200)
            #expect(unpublished.text.contains("\"type\":\"aem.sites.contentFragment.unpublished\""))
            #expect(unpublished.text.contains("\"published\":false"))
            #expect(try await emulator.get(delivery).status == 404)
            #expect(!(try await emulator.get(bySlug).text.contains(adventure.path)))
            #expect(!(try await emulator.get(Paths.adventuresAll).text.contains(adventure.path)))

            #expect(try await Self.post(emulator, "publish", path: adventure.path).status == 200)
            #expect(try await emulator.get(delivery).status == 200)
            // A touch on publish is a publication again.
            #expect(try await Self.post(emulator, "touch", path: adventure.path).status == 200)
            let events = emulator.live.journal.all
            #expect(
                events.map(\.type) == [
                    "aem.sites.contentFragment.unpublished", "aem.sites.contentFragment.published",
                    "aem.sites.contentFragment.published",
                ])
            #expect(events.allSatisfy { $0.path == adventure.path })
            let journal = try await emulator.get(EventJournal.path)
            #expect(journal.text.contains("\"tier\":\"publish\""))
            #expect(journal.text.contains("\"id\":\"\(adventure.uuid)\""))
        }
    }

    @Test func onAuthorAnUnpublishedFragmentIsStillServedAndATouchIsAModification() async throws {
        try await withEmulator(try Self.options(tier: .author)) { emulator in
            let adventure = try #require(try EmulatorContent.sample().adventures.first)
            #expect(try await Self.post(emulator, "unpublish", path: adventure.path).status == 200)
            #expect(try await emulator.get("/adobe/contentFragments/\(adventure.uuid)").status == 200)
            #expect(try await Self.post(emulator, "touch", path: adventure.path).status == 200)
            #expect(
                emulator.live.journal.all.map(\.type) == [
                    "aem.sites.contentFragment.unpublished", "aem.sites.contentFragment.modified",
                ])
        }
    }

    @Test func badControlRequestsAreRefusedAndRecordNothing() async throws {
        try await withEmulator(try Self.options()) { emulator in
            #expect(try await Self.post(emulator, "unpublish", path: "/content/dam/nothing/here").status == 404)
            #expect(try await Self.post(emulator, "unpublish", path: nil).status == 400)
            #expect(try await Self.post(emulator, "erase", path: "/content/dam/x").status == 404)
            let get = try await emulator.get("/emulator/control/touch?path=/content/dam/x")
            #expect(get.status == 405)
            #expect(emulator.live.journal.all.isEmpty)
        }
    }

    @Test func editsOnThePublishTierArePublicationsAndChangedImagesAreAssetEvents() async throws {
        try await withEmulator(try Self.options(tier: .publish)) { emulator in
            var content = try EmulatorContent.sample()
            let paths = content.adventures.map(\.path)
            content[fragment: paths[0]]?.master["title"] = .string("Published again")
            content[fragment: paths[1]] = nil
            let image = try #require(content.assetPaths.first { $0.hasSuffix(".jpg") })
            let other = try #require(content.assetPaths.last { $0.hasSuffix(".jpg") && $0 != image })
            let otherBytes = try #require(try content.bytes(ofAssetAt: other))
            content[asset: image]?.bytes = .data(otherBytes)
            content[asset: other] = nil
            let events = emulator.live.replace(with: content)
            #expect(
                events.map(\.type) == [
                    "aem.sites.contentFragment.unpublished", "aem.sites.contentFragment.published",
                    "aem.assets.asset.deleted", "aem.assets.asset.processing_completed",
                ])
            #expect(events.map(\.path) == [paths[1], paths[0], other, image])
            let uuid = try #require(content[asset: image]?.uuid)
            #expect(try await emulator.get(EventJournal.path).text.contains("\"id\":\"urn:aaid:aem:\(uuid)\""))
            // An unpublished fragment stays unpublished when the package is reloaded.
            _ = emulator.live.apply(.unpublish, path: paths[2])
            #expect(emulator.live.replace(with: content).isEmpty)
            #expect(try await emulator.get("/adobe/contentFragments/\(content.adventures[1].uuid)").status == 404)
        }
    }
}
