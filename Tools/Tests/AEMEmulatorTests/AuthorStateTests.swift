import AEMEmulator
import EmulatorTestSupport
import Foundation
import Testing

/// The author tier's state folder: acknowledged writes come back after a restart, and a damaged, foreign or busy
/// folder is an error that names the repair.
@Suite("Author state: writes kept across restarts, damage reported")
struct AuthorStateTests {
    private static let content = "the built-in sample"

    /// Runs an emulator over the sample with its author log in `folder` until `body` returns.
    private static func withLoggedEmulator<Result>(
        _ folder: URL, _ body: (RunningEmulator, SitesTestClient) async throws -> Result
    ) async throws -> Result {
        let log = try AuthorLog.open(folder: folder, content: content, lockWait: .seconds(10))
        return try await withEmulator(
            EmulatorOptions(authorLog: log, content: try EmulatorContent.sample())
        ) { emulator in
            try await body(emulator, SitesTestClient(emulator: emulator))
        }
    }

    @Test func writesAndPublicationsAreThereAfterARestart() async throws {
        try await withTemporaryFolder("author-state") { folder in
            let adventures = try EmulatorContent.sample().adventures
            let (edited, unpublished) = (adventures[0], adventures[1])
            let tag = try await Self.withLoggedEmulator(folder) { _, sites in
                let (fragment, tag) = try await sites.fragment(edited.uuid)
                let answer = try await sites.patch(
                    edited.uuid, try SitesTestClient.patch("tripLength", of: fragment, to: "\"12 days\""), tag: tag)
                #expect(answer.status == 200)
                #expect(try await sites.publish([unpublished.path], unpublish: true).status == 200)
                return try #require(answer.header("ETag"))
            }
            try await Self.withLoggedEmulator(folder) { emulator, sites in
                let (fragment, again) = try await sites.fragment(edited.uuid)
                #expect(again == tag)
                #expect(fragment["status"].string == "MODIFIED")
                #expect(try await sites.get("/adobe/contentFragments/\(edited.uuid)").text.contains("12 days"))
                #expect(!(try await emulator.get("/adobe/contentFragments/\(edited.uuid)").text.contains("12 days")))
                #expect(try await emulator.get("/adobe/contentFragments/\(unpublished.uuid)").status == 404)
            }
        }
    }

    @Test func aLastLineCutOffByACrashIsDroppedAndTheRestKept() async throws {
        try await withTemporaryFolder("author-state") { folder in
            let adventure = try #require(try EmulatorContent.sample().adventures.first)
            try await Self.withLoggedEmulator(folder) { _, sites in
                let (fragment, tag) = try await sites.fragment(adventure.uuid)
                let patch = try SitesTestClient.patch("tripLength", of: fragment, to: "\"13 days\"")
                #expect(try await sites.patch(adventure.uuid, patch, tag: tag).status == 200)
            }
            let file = folder.appendingPathComponent("author.log")
            let handle = try FileHandle(forWritingTo: file)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("{\"put\":{\"fragment\":{\"path\":\"/content/dam/wk".utf8))
            try handle.close()
            let served = try await Self.withLoggedEmulator(folder) { _, sites in
                try await sites.get("/adobe/contentFragments/\(adventure.uuid)").text
            }
            #expect(served.contains("13 days"))
            #expect(try String(contentsOf: file, encoding: .utf8).hasSuffix("\n"))
        }
    }

    @Test func aDamagedLogIsAnErrorThatNamesTheRepair() throws {
        try withTemporaryFolder("author-state") { folder in
            do { _ = try AuthorLog.open(folder: folder, content: Self.content) }
            let file = folder.appendingPathComponent("author.log")
            let handle = try FileHandle(forWritingTo: file)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("not json at all\n".utf8))
            try handle.close()
            let error = #expect(throws: AuthorStateError.self) {
                try AuthorLog.open(folder: folder, content: Self.content)
            }
            #expect(error?.message.contains("damaged at line 2") == true)
            #expect(error?.message.contains("--reset") == true)
            // The repair works, and the damaged log is not read again.
            _ = try AuthorLog.open(folder: folder, content: Self.content, reset: true)
        }
    }

    @Test func aLogOfOtherContentOrAFolderInUseIsRefused() throws {
        try withTemporaryFolder("author-state") { folder in
            do { _ = try AuthorLog.open(folder: folder, content: "/srv/one-package") }
            let foreign = #expect(throws: AuthorStateError.self) {
                try AuthorLog.open(folder: folder, content: "/srv/another-package")
            }
            #expect(foreign?.message.contains("/srv/one-package") == true)
            let open = try AuthorLog.open(folder: folder, content: "/srv/one-package")
            withExtendedLifetime(open) {
                let busy = #expect(throws: AuthorStateError.self) {
                    try AuthorLog.open(folder: folder, content: "/srv/one-package", lockWait: .milliseconds(100))
                }
                #expect(busy?.message.contains("in use") == true)
            }
        }
    }
}
