import AEMEmulator
import AEMHeadlessSync
import EmulatorTestSupport
import Foundation
import Testing
import WKNDSample

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The loop a team lives in, through `wknd` alone: a fragment created, edited and published on author reaches a
/// follower's mirror and the persisted queries on publish, and leaves both when unpublished.
@Suite("The author loop: create, edit, publish, follow, unpublish", .timeLimit(.minutes(10)))
struct AuthorLoopTests {
    @Test func createEditPublishFollowUnpublish() async throws {
        try await withTemporaryFolder("wknd-loop") { parent in
            let mirror = parent.appendingPathComponent("mirror")
            let live = EmulatorLiveContent(journal: EventJournal(retryAfter: 0))
            try await withEmulator(EmulatorOptions(content: try EmulatorContent.sample(), live: live)) {
                emulator, publish in
                let author = publish.merging([
                    "AEM_AUTHOR_HOST": "127.0.0.1:\(emulator.authorURL.port ?? 0)", "AEM_AUTH_TYPE": "basic",
                    "AEM_USERNAME": "admin", "AEM_PASSWORD": "admin",
                ]) { $1 }
                try await RunningWknd.run(["sync", mirror.path, "--follow"], environment: publish) { follower in
                    #expect(await follower.stderr.contains(FollowCommandTests.synced))

                    let folder = "/content/dam/wknd-shared/en/adventures"
                    let path = folder + "/fjord-kayak-week"
                    let created = try await WkndRun.run(
                        [
                            "fragments", "create", folder, "--model", "adventure", "--title", "Fjord Kayak Week",
                            "slug=fjord-kayak-week", "difficulty=Beginner",
                        ], environment: author)
                    #expect(created.status == 0, "\(created.stderr)")
                    let edited = try await WkndRun.run(
                        ["fragments", "edit", path],
                        environment: author.merging([
                            "EDITOR": "sed -i 's/\"tripLength\": null/\"tripLength\": \"5 days\"/'"
                        ]) { $1 })
                    #expect(edited.stdout.contains("tripLength"), "\(edited.stderr)")
                    let published = try await WkndRun.run(
                        ["fragments", "publish", path, "--wait"], environment: author)
                    #expect(published.status == 0, "\(published.stderr)")

                    let journalURL = try #require(URL(string: emulator.baseURL.absoluteString + EventJournal.path))
                    let journal = String(decoding: try await URLSession.shared.data(from: journalURL).0, as: UTF8.self)
                    #expect(journal.contains("\"type\":\"aem.sites.contentFragment.published\""))
                    #expect(journal.contains(path))
                    #expect(
                        try await Self.eventually {
                            try ContentStore(directory: mirror).adventure(slug: "fjord-kayak-week")?.adventure
                                .tripLength == "5 days"
                        })
                    let shown = try await WkndRun.run(["show", "fjord-kayak-week", "--json"], environment: publish)
                    #expect(shown.stdout.contains("5 days"), "\(shown.stderr)")

                    let unpublished = try await WkndRun.run(
                        ["fragments", "unpublish", path, "--wait"], environment: author)
                    #expect(unpublished.status == 0, "\(unpublished.stderr)")
                    #expect(
                        try await Self.eventually {
                            try ContentStore(directory: mirror).adventure(slug: "fjord-kayak-week") == nil
                        })
                    #expect(try await WkndRun.run(["show", "fjord-kayak-week"], environment: publish).status == 66)
                    #expect(await follower.interrupt() == 130)
                }
            }
        }
    }

    /// Whether `condition` holds within 10 s.
    private static func eventually(_ condition: () throws -> Bool) async throws -> Bool {
        for _ in 0..<100 {
            if (try? condition()) == true { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return false
    }
}
