import AEMEmulator
import AEMHeadlessSync
import Foundation
import Testing

/// `wknd sync DIR --follow`: the mirror follows the emulator's content events until Ctrl-C.
@Suite("wknd sync --follow")
struct FollowCommandTests {
    @Test("an edit on the service reaches the mirror; --json prints a line per batch; Ctrl-C ends with a summary")
    func followsUntilInterrupted() async throws {
        let executable = try #require(WkndRun.executable, "the wknd binary was not built")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wknd-follow-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let live = EmulatorLiveContent(journal: EventJournal(retryAfter: 0))
        var content = try EmulatorContent.sample()
        try await withEmulator(EmulatorOptions(content: content, live: live)) { _, environment in
            let process = Process()
            process.executableURL = executable
            process.arguments = ["sync", folder.path, "--follow", "--json"]
            process.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"].merging(
                environment
            ) { $1 }
            let (output, errors) = (Pipe(), Pipe())
            process.standardOutput = output
            process.standardError = errors
            let end = ProcessEnd(process)
            try process.run()
            let stdout = readingToEnd(output.fileHandleForReading)
            let stderr = readingToEnd(errors.fileHandleForReading)

            // The first sync, then an edit.
            var synced = false
            for _ in 0..<100 where !synced {
                try await Task.sleep(for: .milliseconds(100))
                synced = (try? ContentStore(directory: folder).lastSynced()) != nil
            }
            #expect(synced)
            let slug = try #require(content.adventures.map(\.slug).sorted().first)
            content[slug: slug]?.master["price"] = .double(9)
            live.replace(with: content)
            var followed = false
            for _ in 0..<100 where !followed {
                try await Task.sleep(for: .milliseconds(100))
                followed = (try? ContentStore(directory: folder).adventure(slug: slug)?.adventure.price) == 9
            }
            #expect(followed)
            kill(process.processIdentifier, SIGINT)
            let status = await end.status
            let (out, err) = (await stdout.value, await stderr.value)
            #expect(status == 130)
            #expect(err.contains("following http://"))
            #expect(err.contains("1 event (1 modified)"), "\(err)")
            #expect(err.contains("stopped following: 1 event in 1 batch applied"), "\(err)")
            let line = try #require(out.split(separator: "\n").first { $0.contains("\"events\"") })
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["events"] as? [String] == ["aem.sites.contentFragment.modified"])
        }
    }
}
