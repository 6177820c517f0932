import AEMEmulator
import AEMHeadless
import AEMHeadlessSync
import EmulatorTestSupport
import Foundation
import Testing

@testable import WKNDCore

@Suite("wknd sync --fragments: the built binary against the emulator", .serialized)
struct SyncFragmentsCommandTests {
    @Test(
        "a folder that is not a DAM folder is a usage error that says what a folder must be",
        arguments: ["/content/wknd-shared/en", "/content/dam/wknd-shared/en/", "wknd-shared/en"])
    func badFolder(folder: String) async throws {
        let run = try await WkndRun.run(["sync", "mirror", "--fragments", folder])
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("must start with /content/dam/"), "\(run.stderr)")
    }

    @Test("--fragments with --query, --var, --width or a page size over 50 is a usage error naming the conflict")
    func conflicts() async throws {
        let folder = "/content/dam/wknd-shared/en"
        let cases: [([String], String)] = [
            (["--query", "wknd-shared/adventures-all"], "not both"),
            (["--var", "a=b"], "go with --query"),
            (["--width", "200"], "go with the adventures"),
            (["--page-size", "51"], "from 1 to 50"),
        ]
        for (extra, message) in cases {
            let run = try await WkndRun.run(["sync", "mirror", "--fragments", folder] + extra)
            #expect(run.status == 64, "\(extra): \(run.stderr)")
            #expect(run.stderr.contains(message), "\(extra): \(run.stderr)")
        }
    }

    @Test("--help explains --fragments")
    func help() async throws {
        let run = try await WkndRun.run(["sync", "--help"])
        #expect(run.status == 0)
        for text in ["--fragments <folder>", "/adobe/contentFragments", "references=all-hydrated", "If-None-Match"] {
            #expect(run.stdout.contains(text), "\(text)")
        }
    }

    @Test("a folder's fragments are mirrored with their images; a rerun sends one conditional request per page")
    func mirror() async throws {
        let content = try EmulatorContent.sample()
        let folder = EmulatorContent.adventuresFolder
        let count = content.fragmentPaths.filter { $0.hasPrefix(folder + "/") }.count
        try await withEmulator(EmulatorOptions(content: content)) { _, environment in
            try await withTemporaryFolder("sync") { parent in
                let directory = parent.appendingPathComponent("sync")
                let arguments = ["sync", directory.path, "--fragments", folder, "--page-size", "7", "--json"]
                let first = try await WkndRun.run(arguments, environment: environment)
                #expect(first.status == 0, "\(first.stderr)")
                let report = try #require(try first.json() as? [String: Any])
                #expect(report["added"] as? Int == count)
                #expect(first.stderr.contains("\(count) added, 0 changed"), "\(first.stderr)")
                let store = try ContentStore(directory: directory)
                let fragments = try store.deliveredFragments()
                #expect(fragments.count == count)
                for asset in fragments.flatMap(\.referencedAssetList) {
                    #expect(store.imageFile(for: asset) != nil, "\(asset.path)")
                }

                let again = try await WkndRun.run(arguments, environment: environment)
                #expect(again.status == 0, "\(again.stderr)")
                let quiet = try #require(try again.json() as? [String: Any])
                let pages = (count + 6) / 7
                #expect(quiet["requests"] as? Int == pages)
                #expect(quiet["pagesNotModified"] as? Int == pages)

                let adventures = try await WkndRun.run(["sync", directory.path], environment: environment)
                #expect(adventures.status == 64, "\(adventures.stderr)")
                #expect(adventures.stderr.contains("the fragments under \(folder)"), "\(adventures.stderr)")
            }
        }
    }
}
