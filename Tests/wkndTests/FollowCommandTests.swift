import AEMEmulator
import AEMHeadlessSync
import EmulatorTestSupport
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
            try launch(process)
            // Whatever happens, the follower does not outlive the test.
            let pid = process.processIdentifier
            let watchdog = Task {
                try await Task.sleep(for: .seconds(120))
                kill(pid, SIGKILL)
            }
            defer { watchdog.cancel() }
            let stderr = readingToEnd(errors.fileHandleForReading)
            let reader = output.fileHandleForReading

            // The first sync (a machine under load may take its time), then an edit.
            var synced = false
            for _ in 0..<600 where !synced {
                try await Task.sleep(for: .milliseconds(100))
                synced = (try? ContentStore(directory: folder).lastSynced()) != nil
            }
            #expect(synced)
            let slug = try #require(content.adventures.map(\.slug).sorted().first)
            content[slug: slug]?.master["price"] = .double(9)
            live.replace(with: content)
            // The follower's --json line for the batch says it applied it.
            let out = await offThePool {
                var text = Data()
                while !(String(decoding: text, as: UTF8.self).contains("\"events\"") && text.last == UInt8(ascii: "\n"))
                {
                    guard let chunk = nextChunk(of: reader) else { break }
                    text.append(chunk)
                }
                return String(decoding: text, as: UTF8.self)
            }
            #expect(try ContentStore(directory: folder).adventure(slug: slug)?.adventure.price == 9)
            kill(process.processIdentifier, SIGINT)
            let status = await end.status
            let err = await stderr.value
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
