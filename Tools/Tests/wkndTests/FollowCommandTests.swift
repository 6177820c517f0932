import AEMEmulator
import AEMHeadlessSync
import EmulatorTestSupport
import Foundation
import Testing
import WKNDSample

@testable import WKNDCore

/// `wknd sync DIR --follow`: the mirror follows the emulator's content events until Ctrl-C. The followers are killed
/// with their test, which the time limit ends (its wait for a share of the heavy tests included).
@Suite("wknd sync --follow", .timeLimit(.minutes(10)))
struct FollowCommandTests {
    /// The line on stderr that ends a follower's full sync.
    static let synced = " removed; images: "

    @Test(
        "an edit on the service reaches the mirror, past a failing journal; --json prints a line per change; Ctrl-C ends with a summary"
    )
    func followsUntilInterrupted() async throws {
        let executable = try #require(WkndRun.executable, "the wknd binary was not built")
        try await withTemporaryFolder("wknd-follow") { parent in
            let folder = parent.appendingPathComponent("wknd-follow")
            let live = EmulatorLiveContent(journal: EventJournal(retryAfter: 0))
            var content = try EmulatorContent.sample()
            try await withEmulator(EmulatorOptions(content: content, live: live)) { emulator, environment in
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
                try await withLaunched(process) {
                    let stderr = OutputLines(errors.fileHandleForReading)
                    let reader = output.fileHandleForReading

                    // The first sync, then an edit.
                    #expect(await stderr.contains(Self.synced))
                    #expect(try ContentStore(directory: folder).lastSynced() != nil)
                    // The journal fails once (a 500, which the client does not retry): the follower waits and asks again.
                    emulator.faults.script(EventJournal.path, .respond(status: 500))
                    let slug = try #require(content.adventures.map(\.slug).sorted().first)
                    content[slug: slug]?.master["price"] = .double(9)
                    live.replace(with: content)
                    // The follower's --json line for the change says it applied it.
                    let out = await offThePool {
                        var text = Data()
                        while !(String(decoding: text, as: UTF8.self).contains("\"kind\"")
                            && text.last == UInt8(ascii: "\n"))
                        {
                            guard let chunk = nextChunk(of: reader) else { break }
                            text.append(chunk)
                        }
                        return String(decoding: text, as: UTF8.self)
                    }
                    #expect(try ContentStore(directory: folder).adventure(slug: slug)?.adventure.price == 9)
                    kill(process.processIdentifier, SIGINT)
                    let status = await end.status
                    let err = await stderr.all
                    #expect(status == 130)
                    #expect(err.contains("following http://"))
                    #expect(
                        err.contains("warning: ") && err.contains("500") && err.contains("Trying again in "), "\(err)")
                    // The adventure, and those whose references show it, are read again.
                    #expect(err.contains("1 event (1 modified): 0 added, "), "\(err)")
                    #expect(err.contains("stopped following: 1 event applied, "), "\(err)")
                    let line = try #require(out.split(separator: "\n").first { $0.contains("\"kind\"") })
                    let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                    #expect(object["kind"] as? String == "changed")
                    #expect(object["path"] as? String == content[slug: slug]?.path)
                }
            }
        }
    }

    @Test("killed with SIGKILL in the middle of a burst of 100 edits, a resumed follower loses nothing")
    func survivesSIGKILL() async throws {
        try await withTemporaryFolder("wknd-follow") { parent in
            let folder = parent.appendingPathComponent("wknd-follow")
            let live = EmulatorLiveContent(journal: EventJournal(retryAfter: 0))
            let faults = EmulatorFaults()
            var content = try EmulatorContent.sample()
            let slugs = content.adventures.map(\.slug)
            try await withEmulator(EmulatorOptions(content: content, faults: faults, live: live)) { _, environment in
                /// Runs `body` while a follower of `folder` runs.
                func withFollower(_ body: (RunningWknd) async throws -> Void) async throws {
                    try await RunningWknd.run(["sync", folder.path, "--follow"], environment: environment, body)
                }
                try await withFollower { first in
                    #expect(await first.stderr.contains(Self.synced))
                    // Every answer now takes a while, so that the kill lands while fragments are being read.
                    faults.latency = .milliseconds(40)
                    for round in 1...5 {
                        for (index, slug) in slugs.enumerated() {
                            content[slug: slug]?.master["price"] = .double(Double(round * 1000 + index))
                        }
                        live.replace(with: content)
                        if round == 2 { kill(first.process.processIdentifier, SIGKILL) }
                        try await Task.sleep(for: .milliseconds(150))
                    }
                    #expect(await first.end.status == SIGKILL)
                }
                // A second follower, killed part way through catching up.
                try await withFollower { second in
                    try await Task.sleep(for: .milliseconds(700))
                    kill(second.process.processIdentifier, SIGKILL)
                    _ = await second.end.status
                }
                faults.latency = .zero
                try await withFollower { third in
                    var converged = false
                    for _ in 0..<300 where !converged {
                        try await Task.sleep(for: .milliseconds(100))
                        guard let store = try? ContentStore(directory: folder), let stored = try? store.adventures()
                        else { continue }
                        converged =
                            stored.count == slugs.count
                            && slugs.enumerated().allSatisfy { index, slug in
                                (try? store.adventure(slug: slug)?.adventure.price) == Double(5000 + index)
                            }
                    }
                    _ = await third.interrupt()
                    #expect(converged, "the mirror did not reach the last edits within 30 s")
                }
                #expect(try ContentStore(directory: folder).adventures().count == slugs.count)
            }
        }
    }
}
