import AEMEmulator
import EmulatorTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `wknd list --follow`: the list printed again when AEM's content events change what it shows.
@Suite("wknd list --follow", .timeLimit(.minutes(10)))
struct ListFollowTests {
    @Test("a publish that changes a title prints the list again; Ctrl-C ends it")
    func reprintsOnPublish() async throws {
        try await withTemporaryFolder("list-follow") { folder in
            let live = EmulatorLiveContent(journal: EventJournal(retryAfter: 0))
            try await withEmulator(EmulatorOptions(content: try EmulatorContent.sample(), live: live)) {
                emulator, environment in
                let cached = environment.merging(["WKND_CACHE_DIR": folder.path]) { $1 }
                try await RunningWknd.run(["list", "--limit", "3", "--follow"], environment: cached) { wknd in
                    #expect(await wknd.stderr.contains("following http://"))
                    #expect(await wknd.stdout.contains("Algarve First Waves"))

                    let sites = SitesWriter(emulator: emulator)
                    let path = "/content/dam/wknd-shared/en/adventures/algarve-first-waves/algarve-first-waves"
                    try await sites.setTitle("Algarve, Followed", of: path)
                    #expect(await wknd.stdout.contains("Algarve, Followed"))
                    #expect(await wknd.stderr.contains("changed: "))
                    _ = await wknd.interrupt()
                }
            }
        }
    }
}

extension ListFollowTests {
    @Test("wknd sync --follow marks what the events change stale in the response cache: the next list asks again")
    func syncFollowMarksTheResponseCache() async throws {
        try await withTemporaryFolder("sync-marks") { folder in
            let live = EmulatorLiveContent(journal: EventJournal(retryAfter: 0))
            try await withEmulator(EmulatorOptions(content: try EmulatorContent.sample(), live: live)) {
                emulator, environment in
                let cached = environment.merging(["WKND_CACHE_DIR": folder.path]) { $1 }
                #expect(try await WkndRun.run(["list", "--limit", "3"], environment: cached).status == 0)
                let mirror = folder.appendingPathComponent("mirror").path
                try await RunningWknd.run(["sync", mirror, "--follow"], environment: cached) { wknd in
                    #expect(await wknd.stderr.contains(FollowCommandTests.synced))
                    let path = "/content/dam/wknd-shared/en/adventures/algarve-first-waves/algarve-first-waves"
                    try await SitesWriter(emulator: emulator).setTitle("Algarve, Synced", of: path)
                    #expect(await wknd.stderr.contains("1 published)"))
                    var marked = false
                    for _ in 0..<50 where !marked {
                        let listed = try await WkndRun.run(["cache", "list", "--json"], environment: cached)
                        marked = listed.stdout.contains("\"changeMark\":\"")
                        if !marked { try await Task.sleep(for: .milliseconds(100)) }
                    }
                    #expect(marked)
                    let list = try await WkndRun.run(["list", "--limit", "3"], environment: cached)
                    #expect(list.stdout.contains("Algarve, Synced"))
                    _ = await wknd.interrupt()
                }
            }
        }
    }
}

/// Sets a fragment's title on the emulator's author origin and publishes it, as an editor would.
private struct SitesWriter {
    let emulator: RunningEmulator

    func setTitle(_ title: String, of path: String) async throws {
        let authorization = "Basic " + Data("admin:admin".utf8).base64EncodedString()
        func request(_ method: String, _ target: String, body: Data? = nil, headers: [String: String] = [:])
            async throws -> (Data, HTTPURLResponse)
        {
            var request = URLRequest(url: try #require(URL(string: emulator.authorURL.absoluteString + target)))
            request.httpMethod = method
            request.httpBody = body
            request.setValue(authorization, forHTTPHeaderField: "Authorization")
            for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
            let (data, response) = try await URLSession.shared.data(for: request)
            return (data, try #require(response as? HTTPURLResponse))
        }
        let (listed, _) = try await request("GET", "/adobe/sites/cf/fragments?path=\(path)&limit=1")
        let item = try #require(
            (try JSONSerialization.jsonObject(with: listed) as? [String: Any])?["items"] as? [[String: Any]]
        ).first
        let id = try #require(item?["id"] as? String)
        let tag = try #require(item?["etag"] as? String)
        let fields = item?["fields"] as? [[String: Any]] ?? []
        let index = try #require(fields.firstIndex { $0["name"] as? String == "title" })
        let patch = try JSONSerialization.data(withJSONObject: [
            ["op": "replace", "path": "/fields/\(index)/values", "value": [title]]
        ])
        let (_, patched) = try await request(
            "PATCH", "/adobe/sites/cf/fragments/\(id)", body: patch,
            headers: ["If-Match": tag, "Content-Type": "application/json-patch+json"])
        #expect(patched.statusCode == 200)
        let publish = try JSONSerialization.data(withJSONObject: ["paths": [path]])
        let (_, published) = try await request(
            "POST", "/adobe/sites/cf/fragments/publish", body: publish, headers: ["Content-Type": "application/json"])
        #expect(published.statusCode == 200)
    }
}
