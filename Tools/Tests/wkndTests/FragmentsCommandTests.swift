import AEMEmulator
import EmulatorTestSupport
import Foundation
import Testing

@testable import WKNDCore

@Suite("wknd fragments against the emulator")
struct FragmentsCommandTests {
    static let editorial = "/content/dam/editorial"
    static let summerKitchen = "/content/dam/editorial/articles/summer-kitchen"

    private func withEditorial<Result>(_ body: (RunningEmulator, [String: String]) async throws -> Result)
        async throws -> Result
    {
        try await withEmulator(EmulatorOptions(content: try EmulatorContent.editorial()), body)
    }

    @Test("list: a table of title, model, path and id; a note when more pages follow")
    func listTable() async throws {
        try await withEditorial { _, environment in
            let run = try await WkndRun.run(
                ["fragments", "list", "--path", Self.editorial + "/articles", "--limit", "3", "--no-cache"],
                environment: environment)
            #expect(run.status == 0, "\(run.stderr)")
            let lines = run.stdout.split(separator: "\n")
            #expect(lines.first?.hasPrefix("TITLE") == true)
            #expect(lines.first?.contains("MODEL") == true)
            #expect(lines.count == 4, "a header and the first page of three")
            #expect(lines.dropFirst().allSatisfy { $0.contains(" article ") })
            #expect(run.stderr.contains("--all"), "a note says more fragments follow")
            #expect(!run.stdout.contains("\u{1B}"))
        }
    }

    @Test("list --all --jsonl: every fragment below the folder once, as AEM sent it")
    func listAllJSONLines() async throws {
        try await withEditorial { emulator, environment in
            let run = try await WkndRun.run(
                ["fragments", "list", "--path", Self.editorial, "--limit", "5", "--all", "--jsonl"],
                environment: environment)
            #expect(run.status == 0, "\(run.stderr)")
            let objects = try run.stdout.split(separator: "\n").map {
                try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            }
            let paths = objects.compactMap { $0["path"] as? String }
            #expect(paths.count == objects.count)
            #expect(Set(paths).count == paths.count)
            #expect(paths.contains(Self.summerKitchen))
            #expect(paths.contains("/content/dam/editorial/authors/mara-olsen"))
            #expect(objects.allSatisfy { $0["fields"] is [String: Any] && $0["id"] is String })
            #expect(emulator.requests(to: "/adobe/contentFragments").count == (paths.count + 4) / 5)

            let array = try await WkndRun.run(
                ["fragments", "list", "--path", Self.editorial, "--all", "--json"], environment: environment)
            let elements = try #require(try array.json() as? [[String: Any]])
            #expect(elements.compactMap { $0["path"] as? String } == paths)
        }
    }

    @Test("get by path and by id: fields by name, references by title and path, rich text laid out")
    func getText() async throws {
        try await withEditorial { _, environment in
            let run = try await WkndRun.run(["fragments", "get", Self.summerKitchen], environment: environment)
            #expect(run.status == 0, "\(run.stderr)")
            let text = run.stdout
            #expect(text.hasPrefix("The Summer Kitchen\n"))
            for expected in [
                "Path", Self.summerKitchen, "article (/conf/editorial/settings/dam/cfm/models/article)", "FIELDS",
                "readingMinutes", "/content/dam/editorial/authors/mara-olsen", "BODY", "REFERENCES",
                "/content/dam/editorial/images/market.png",
            ] {
                #expect(text.contains(expected), "missing \(expected)")
            }
            #expect(!text.contains("<p>"))

            let json = try await WkndRun.run(
                ["fragments", "get", Self.summerKitchen, "--json", "--references", "none"], environment: environment)
            let object = try #require(try json.json() as? [String: Any])
            #expect(object["references"] == nil)
            let id = try #require(object["id"] as? String)
            let byID = try await WkndRun.run(
                ["fragments", "get", id, "--json", "--references", "all-hydrated"], environment: environment)
            #expect(byID.status == 0, "\(byID.stderr)")
            let hydrated = try #require(try byID.json() as? [String: Any])
            #expect(hydrated["path"] as? String == Self.summerKitchen)
            #expect((hydrated["references"] as? [String: Any])?.isEmpty == false)
        }
    }

    @Test("exit codes: 66 for no such fragment, 64 for a bad path or limit, 65 for an HTML page")
    func exitCodes() async throws {
        try await withEditorial { emulator, environment in
            let missing = try await WkndRun.run(
                ["fragments", "get", "/content/dam/editorial/articles/not-here"], environment: environment)
            #expect(missing.status == 66)
            #expect(missing.stdout.isEmpty)
            #expect(missing.stderrLines.count == 1, "\(missing.stderr)")

            for arguments in [
                ["fragments", "list", "--path", "/content/editorial"],
                ["fragments", "list", "--path", Self.editorial + "/"],
                ["fragments", "list", "--limit", "51"],
                ["fragments", "get", "/content/dam/"],
            ] {
                let run = try await WkndRun.run(arguments, environment: environment)
                #expect(run.status == 64, "\(arguments): \(run.stderr)")
            }

            emulator.faults.script("/adobe/contentFragments", [.htmlLoginPage])
            let html = try await WkndRun.run(["fragments", "list", "--no-cache"], environment: environment)
            #expect(html.status == 65, "\(html.stderr)")
        }
    }

    @Test("download --fragments saves the images the fragments below a folder reference")
    func downloadFragments() async throws {
        try await withEditorial { _, environment in
            let run = try await WkndRun.run(
                ["download", "--fragments", Self.editorial + "/articles", "--output", "images"],
                environment: environment)
            let files = run.stdout.split(separator: "\n").map(String.init)
            #expect(files.contains { $0.hasPrefix("images/summer-kitchen.") }, "\(run.stdout) \(run.stderr)")
            #expect(!files.isEmpty)
        }
    }

    @Test(
        "download --fragments with rendering options fetches each image through Dynamic Media with OpenAPI",
        .rendersImages)
    func downloadFragmentsRendered() async throws {
        try await withEditorial { emulator, environment in
            let run = try await WkndRun.run(
                [
                    "download", "--fragments", Self.editorial + "/articles", "--output", "images", "--format", "gif",
                    "--rotate", "90",
                ], environment: environment)
            let files = run.stdout.split(separator: "\n").map(String.init)
            #expect(!files.isEmpty, "\(run.stderr)")
            #expect(files.allSatisfy { $0.hasSuffix(".gif") }, "\(files)")
            let assetRequests = emulator.requests.filter { $0.path.hasPrefix("/adobe/assets/urn:aaid:aem:") }
            // Fragments that share an image fetch it once.
            #expect(!assetRequests.isEmpty && assetRequests.count <= files.count)
            #expect(emulator.requests.allSatisfy { !$0.path.hasPrefix("/content/dam/") })
            #expect(assetRequests.allSatisfy { $0.target.contains("/as/") && $0.target.contains("rotate=90") })
        }
    }
}
