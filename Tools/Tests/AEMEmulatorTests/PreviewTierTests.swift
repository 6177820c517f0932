import AEMEmulator
import EmulatorTestSupport
import Foundation
import Testing

/// The preview tier: a third origin that serves what was published to preview (`agentId` `preview`), as publish
/// serves what was published to it, with publish's cache headers, its own events and its own state on disk.
@Suite("Preview tier: publishing to preview, what it serves, and its state")
struct PreviewTierTests {
    private static func options(authorLog: AuthorLog? = nil) throws -> EmulatorOptions {
        EmulatorOptions(authorLog: authorLog, content: try EmulatorContent.sample())
    }

    private static func adventure(_ index: Int = 0) throws -> ContentFragment {
        let adventures = try EmulatorContent.sample().adventures
        try #require(adventures.count > index)
        return adventures[index]
    }

    /// Changes `field` of `adventure` on author to `value` (a JSON literal).
    private static func edit(
        _ adventure: ContentFragment, _ field: String, to value: String, with sites: SitesTestClient
    ) async throws {
        let (fragment, tag) = try await sites.fragment(adventure.uuid)
        let edited = try await sites.patch(
            adventure.uuid, try SitesTestClient.patch(field, of: fragment, to: value), tag: tag)
        #expect(edited.status == 200, "\(edited.text)")
    }

    @Test func everyFragmentStartsOnPreviewAsOnPublish() async throws {
        try await withEmulator(try Self.options()) { emulator in
            let sites = SitesTestClient(emulator: emulator)
            let adventure = try Self.adventure()
            let onPreview = try await sites.preview(Paths.adventuresAll)
            #expect(onPreview.status == 200)
            #expect(onPreview.text == (try await emulator.get(Paths.adventuresAll).text))
            #expect(try await sites.preview("/adobe/contentFragments/\(adventure.uuid)").status == 200)
            #expect(try await sites.fragment(adventure.uuid).json["previewStatus"].string == "IN_SYNC")
            // Preview is a delivery tier: the Sites API is author's alone.
            let sitesOnPreview = try await sites.preview("/adobe/sites/cf/fragments/\(adventure.uuid)")
            #expect(sitesOnPreview.status == 404)
            #expect(sitesOnPreview.header("Content-Type") == "application/problem+json")
        }
    }

    @Test func aPublishToPreviewChangesPreviewOnlyAndLeavesTheStatus() async throws {
        try await withEmulator(try Self.options()) { emulator in
            let sites = SitesTestClient(emulator: emulator)
            let adventure = try Self.adventure()
            let bySlug = "\(Paths.adventureBySlug);slug=\(adventure.slug)"
            try await Self.edit(adventure, "tripLength", to: "\"17 days\"", with: sites)
            #expect(try await sites.fragment(adventure.uuid).json["previewStatus"].string == "OUT_OF_SYNC")
            let editedTag = try await sites.fragment(adventure.uuid).tag

            let outcome = try await sites.publish([adventure.path], agent: "\"preview\"")
            #expect(outcome.status == 200)
            #expect(try outcome.json()["items"][0]["status"].string == "SUCCESS_TRIGGERED")
            #expect(try await sites.preview(bySlug).text.contains("17 days"))
            #expect(try await sites.preview("/adobe/contentFragments/\(adventure.uuid)").text.contains("17 days"))
            #expect(!(try await emulator.get(bySlug).text.contains("17 days")))
            #expect(!(try await emulator.get("/adobe/contentFragments/\(adventure.uuid)").text.contains("17 days")))

            let (fragment, tag) = try await sites.fragment(adventure.uuid)
            #expect(fragment["status"].string == "MODIFIED", "status tracks publish only")
            #expect(fragment["previewStatus"].string == "IN_SYNC")
            #expect(tag != editedTag)

            let events = emulator.live.journal.all
            #expect(
                events.map(\.type) == ["aem.sites.contentFragment.modified", "aem.sites.contentFragment.published"])
            let journal = try await emulator.get(EventJournal.path).text
            #expect(journal.contains("\"tier\":\"preview\""))
            #expect(!journal.contains("\"tier\":\"publish\""))

            // Publishing to publish afterwards changes publish, and says so with its own tier.
            #expect(try await sites.publish([adventure.path], agent: "\"publish\"").status == 200)
            #expect(try await emulator.get(bySlug).text.contains("17 days"))
            #expect(try await sites.fragment(adventure.uuid).json["status"].string == "PUBLISHED")
            #expect(try await emulator.get(EventJournal.path).text.contains("\"tier\":\"publish\""))
        }
    }

    @Test func anUnpublishFromPreviewTakesItOffPreviewOnly() async throws {
        try await withEmulator(try Self.options()) { emulator in
            let sites = SitesTestClient(emulator: emulator)
            let adventure = try Self.adventure()
            let delivery = "/adobe/contentFragments/\(adventure.uuid)"
            #expect(try await sites.publish([adventure.path], unpublish: true, agent: "\"preview\"").status == 200)
            #expect(try await sites.preview(delivery).status == 404)
            #expect(!(try await sites.preview(Paths.adventuresAll).text.contains(adventure.path)))
            #expect(try await emulator.get(delivery).status == 200)
            #expect(try await emulator.get(Paths.adventuresAll).text.contains(adventure.path))
            let fragment = try await sites.fragment(adventure.uuid).json
            #expect(fragment["status"].string == "PUBLISHED")
            #expect(!fragment["previewStatus"].exists)
            #expect(emulator.live.journal.all.map(\.type) == ["aem.sites.contentFragment.unpublished"])
            let journal = try await emulator.get(EventJournal.path).text
            #expect(journal.contains("\"tier\":\"preview\""))
            #expect(journal.contains("workflow-process-service"))
        }
    }

    @Test func previewAnswersWithPublishsCacheHeaders() async throws {
        try await withEmulator(try Self.options()) { emulator in
            let sites = SitesTestClient(emulator: emulator)
            let adventure = try Self.adventure()
            for target in [Paths.adventuresAll, "/adobe/contentFragments/\(adventure.uuid)"] {
                let onPreview = try await sites.preview(target)
                let onPublish = try await emulator.get(target)
                let onAuthor = try await sites.get(target)
                #expect(onPreview.status == 200)
                let cacheControl = try #require(onPreview.header("Cache-Control"))
                #expect(cacheControl == onPublish.header("Cache-Control"), "\(target)")
                #expect(cacheControl != onAuthor.header("Cache-Control"), "\(target)")
                #expect(onPreview.header("X-Cache") == nil)
            }
        }
    }

    @Test func anAgentIdOtherThanPublishOrPreviewIs400() async throws {
        try await withEmulator(try Self.options()) { emulator in
            let sites = SitesTestClient(emulator: emulator)
            let adventure = try Self.adventure()
            for agent in ["\"staging\"", "7", "null"] {
                let refused = try await sites.publish([adventure.path], agent: agent)
                #expect(refused.status == 400, "\(agent)")
                #expect(refused.header("Content-Type") == "application/problem+json")
                #expect(try refused.json()["detail"].string?.contains("agentId") == true)
            }
            #expect(emulator.live.journal.all.isEmpty, "nothing was published")
        }
    }

    @Test func whatPreviewHoldsIsThereAfterARestart() async throws {
        try await withTemporaryFolder("preview-state") { folder in
            let (shown, hidden) = (try Self.adventure(0), try Self.adventure(1))
            let bySlug = "\(Paths.adventureBySlug);slug=\(shown.slug)"
            try await Self.withLoggedEmulator(folder) { _, sites in
                try await Self.edit(shown, "tripLength", to: "\"19 days\"", with: sites)
                #expect(try await sites.publish([shown.path], agent: "\"preview\"").status == 200)
                #expect(try await sites.publish([hidden.path], unpublish: true, agent: "\"preview\"").status == 200)
            }
            try await Self.withLoggedEmulator(folder) { emulator, sites in
                let onPreview = try await sites.preview(bySlug)
                #expect(onPreview.text.contains("19 days"))
                #expect(!(try await emulator.get(bySlug).text.contains("19 days")))
                #expect(try await sites.preview("/adobe/contentFragments/\(hidden.uuid)").status == 404)
                #expect(try await emulator.get("/adobe/contentFragments/\(hidden.uuid)").status == 200)
                #expect(try await sites.fragment(shown.uuid).json["status"].string == "MODIFIED")
            }
        }
    }

    @Test func aLogWrittenBeforePreviewExistedMeansPreviewHoldsWhatPublishHolds() async throws {
        try await withTemporaryFolder("preview-state") { folder in
            let (published, unpublished) = (try Self.adventure(0), try Self.adventure(1))
            let bySlug = "\(Paths.adventureBySlug);slug=\(published.slug)"
            try await Self.withLoggedEmulator(folder) { _, sites in
                try await Self.edit(published, "tripLength", to: "\"23 days\"", with: sites)
                #expect(try await sites.publish([published.path]).status == 200)
                #expect(try await sites.publish([unpublished.path], unpublish: true).status == 200)
            }
            // A log written before preview existed has no preview member on any line: take them out.
            let file = folder.appendingPathComponent("author.log")
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
            #expect(lines.dropFirst().contains { $0.contains("\"preview\"") }, "publishing leaves preview behind")
            var old: [String] = []
            for (index, line) in lines.enumerated() {
                guard index > 0, var entry = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                    var record = entry["put"] as? [String: Any]
                else {
                    old.append(String(line))
                    continue
                }
                record["preview"] = nil
                entry["put"] = record
                old.append(String(decoding: try JSONSerialization.data(withJSONObject: entry), as: UTF8.self))
            }
            try (old.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)

            try await Self.withLoggedEmulator(folder) { emulator, sites in
                let onPreview = try await sites.preview(bySlug)
                #expect(onPreview.text.contains("23 days"))
                #expect(try await emulator.get(bySlug).text.contains("23 days"))
                #expect(try await sites.preview("/adobe/contentFragments/\(unpublished.uuid)").status == 404)
                #expect(try await sites.fragment(published.uuid).json["previewStatus"].string == "IN_SYNC")
            }
        }
    }

    /// Runs an emulator over the sample with its author log in `folder` until `body` returns.
    private static func withLoggedEmulator(
        _ folder: URL, _ body: (RunningEmulator, SitesTestClient) async throws -> Void
    ) async throws {
        let log = try AuthorLog.open(folder: folder, content: "the built-in sample", lockWait: .seconds(10))
        try await withEmulator(try options(authorLog: log)) { emulator in
            try await body(emulator, SitesTestClient(emulator: emulator))
        }
    }
}
