import AEMEmulator
import EmulatorTestSupport
import Foundation
import Testing

@testable import WKNDCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("wknd serve: the emulator program in the foreground", .timeLimit(.minutes(10)))
struct ServeCommandTests {
    @Test("prints its URL, serves the sample, logs each request, and stops cleanly on Ctrl-C")
    func servesTheSample() async throws {
        let (status, stderr) = try await withWkndServe([]) { hosts, _ in
            let host = hosts.publish
            let run = try await WkndRun.run(
                ["list", "--limit", "1", "--no-cache"], environment: ["AEM_SCHEME": "http", "AEM_HOST": host])
            #expect(run.status == 0)
            #expect(run.stdout.contains("Algarve First Waves"))
        }
        #expect(status == 0)
        #expect(stderr.contains("serving the built-in sample content"))
        #expect(stderr.contains("GET /graphql/execute.json/wknd-shared/adventures-all;limit=1; 200"))
        #expect(stderr.contains("stopped"))
    }

    @Test("without libvips it says so when it starts, and sends images as stored with a header that says so")
    func withoutLibvips() async throws {
        let content = try EmulatorContent.sample()
        let path = try #require(content.adventures.compactMap(\.primaryImagePath).first)
        let asset = try #require(content[asset: path])
        let (status, stderr) = try await withWkndServe([], environment: ["AEM_EMULATOR_LIBVIPS": "off"]) { hosts, _ in
            let host = hosts.publish
            let url = try #require(
                URL(string: "http://\(host)/adobe/dynamicmedia/deliver/dm-aid--\(asset.uuid)/image.webp?width=100"))
            let (body, response) = try await URLSession.shared.data(from: url)
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 200)
            #expect(http.value(forHTTPHeaderField: "Content-Type") == asset.mimeType)
            let note = try #require(http.value(forHTTPHeaderField: "X-Emulator-Rendition"))
            #expect(note.hasPrefix("original; not rendered: AEM_EMULATOR_LIBVIPS=off"), "\(note)")
            #expect(body == (try content.bytes(ofAssetAt: path)))
            let download = try await WkndRun.run(
                ["download", "--all", "--width", "100", "--output", "images"],
                environment: ["AEM_SCHEME": "http", "AEM_HOST": host])
            #expect(download.status == 0, "\(download.stderr)")
            let withImages = content.adventures.count { $0.primaryImagePath != nil }
            #expect(download.stdout.split(separator: "\n").count == withImages)
        }
        #expect(status == 0)
        #expect(stderr.contains("images are sent as stored, not resized or converted: AEM_EMULATOR_LIBVIPS=off"))
    }

    @Test("basic credentials reach the emulator, which then refuses requests without them")
    func requiresCredentials() async throws {
        let secret = "s3cret-\(UUID().uuidString)"
        let (status, stderr) = try await withWkndServe(
            ["--auth", "basic"], environment: ["AEM_USERNAME": "editor", "AEM_PASSWORD": secret]
        ) { hosts, _ in
            let host = hosts.publish
            let service = ["AEM_SCHEME": "http", "AEM_HOST": host]
            let refused = try await WkndRun.run(["list", "--no-cache"], environment: service)
            #expect(refused.status == 77)
            let allowed = try await WkndRun.run(
                ["list", "--no-cache", "--auth", "basic"],
                environment: service.merging(["AEM_USERNAME": "editor", "AEM_PASSWORD": secret]) { $1 })
            #expect(allowed.status == 0)
        }
        #expect(status == 0)
        #expect(stderr.contains("basic (user editor)"))
        #expect(!stderr.contains(secret))
    }

    @Test("--watch serves an edit of the package as it is saved, records it in the journal, and survives a broken one")
    func watchesThePackage() async throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("AEMEmulatorTests/Fixtures/editorial/jcr_root")
        try await withTemporaryFolder("watch") { parent in
            let copy = parent.appendingPathComponent("watch")
            try FileManager.default.copyItem(at: fixture, to: copy)
            let article = copy.appendingPathComponent(
                "content/dam/editorial/articles/bridges-of-the-old-town/.content.xml")
            let path = "/content/dam/editorial/articles/bridges-of-the-old-town"
            let (status, stderr) = try await withWkndServe(["--content", copy.path, "--watch"]) { hosts, stderr in
                let host = hosts.publish
                let environment = ["AEM_SCHEME": "http", "AEM_HOST": host]
                let original = try String(contentsOf: article, encoding: .utf8)
                try original.replacingOccurrences(
                    of: "title=\"Bridges of the Old Town\"", with: "title=\"Bridges, Rebuilt\""
                )
                .write(to: article, atomically: true, encoding: .utf8)
                // Served once the server says it reloaded the package (read over HTTP here, not by starting wknd).
                #expect(await stderr.contains("reloaded \(copy.path): 1 modified"))
                let byPath = try #require(URL(string: "http://\(host)/adobe/contentFragments/byPath?path=\(path)"))
                let (served, _) = try await URLSession.shared.data(from: byPath)
                let fragment = try? JSONSerialization.jsonObject(with: served) as? [String: Any]
                #expect((fragment?["fields"] as? [String: Any])?["title"] as? String == "Bridges, Rebuilt")
                let url = try #require(URL(string: "http://\(host)/events/organizations/o/integrations/c/r"))
                let (body, _) = try await URLSession.shared.data(from: url)
                let events =
                    try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])["events"]
                    as? [[String: Any]]
                let types = (events ?? []).compactMap { ($0["event"] as? [String: Any])?["type"] as? String }
                #expect(types == ["aem.sites.contentFragment.modified"])

                // A broken file: the last good content stays served.
                try "<not xml".write(to: article, atomically: true, encoding: .utf8)
                #expect(await stderr.contains("no longer loads, still serving the last good content"))
                let still = try await WkndRun.run(
                    ["fragments", "get", path, "--json", "--no-cache"], environment: environment)
                #expect(still.status == 0)
                #expect(still.stdout.contains("Bridges, Rebuilt"))
            }
            #expect(status == 0)
            #expect(stderr.contains("/events/organizations/"))
            #expect(stderr.contains("reloaded \(copy.path): 1 modified"))
            #expect(stderr.contains("no longer loads, still serving the last good content"))
        }
    }

    @Test("a content folder that is not a package fails with a clear error and status 78")
    func badContent() async throws {
        let run = try await WkndRun.run(["serve", "--port", "0", "--content", "no-such-folder"])
        #expect(run.status == 78)
        #expect(run.stderr.contains("Cannot serve --content no-such-folder"))
    }

    @Test("the emulator program run by hand says that wknd serve starts it")
    func programAlone() async throws {
        let wknd = try #require(WkndRun.executable, "the wknd binary was not built")
        let process = Process()
        process.executableURL = wknd.deletingLastPathComponent().appendingPathComponent("wknd-serve")
        process.standardInput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        let end = ProcessEnd(process)
        let (status, stderr) = try await withLaunched(process) {
            let stderr = OutputLines(errors.fileHandleForReading)
            return (await end.status, await stderr.all)
        }
        #expect(status == 64)
        #expect(stderr.contains("started by `wknd serve`"))
    }
}
