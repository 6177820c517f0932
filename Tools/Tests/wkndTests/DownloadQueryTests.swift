import AEMEmulator
import EmulatorTestSupport
import Foundation
import Testing

@testable import WKNDCore

@Suite("wknd download --query: the images of any query's answer", .serialized)
struct DownloadQueryTests {
    @Test("the images of a list query, named by slug; a rerun downloads nothing")
    func listQuery() async throws {
        let content = try EmulatorContent.sample()
        let withImages = content.adventures.filter { $0.primaryImagePath != nil }
        try await withEmulator { _, environment in
            try await withDownloadFolder { folder, parent in
                let first = try await WkndRun.run(
                    ["download", "--query", "wknd-shared/adventures-all", "--output", folder.path],
                    environment: environment)
                #expect(first.status == 0, "\(first.stderr)")
                #expect(first.stdout.split(separator: "\n").count == withImages.count)
                for adventure in withImages {
                    let file = try #require(try names(in: folder).first { $0.hasPrefix(adventure.slug + ".") })
                    let expected = try await sampleImageBytes(adventure.slug, in: content)
                    #expect(try Data(contentsOf: folder.appendingPathComponent(file)) == expected)
                }
                #expect(try partFiles(in: folder).isEmpty)
                #expect(try names(in: parent) == ["images"])

                let again = try await WkndRun.run(
                    ["download", "--query", "wknd-shared/adventures-all", "--output", folder.path],
                    environment: environment)
                #expect(again.status == 0)
                #expect(again.stdout.isEmpty)
                #expect(again.stderr.contains("0 downloaded, \(withImages.count) unchanged, 0 failed"))
            }
        }
    }

    @Test("--all pages through a cursor query; --var reaches the query")
    func pagedAndVariables() async throws {
        try await withEmulator { _, environment in
            try await withDownloadFolder { folder, _ in
                let paged = try await WkndRun.run(
                    ["download", "--query", "wknd-shared/adventures-paginated", "--all", "--output", folder.path],
                    environment: environment)
                #expect(paged.status == 0, "\(paged.stderr)")
                #expect(paged.stdout.split(separator: "\n").count == 19)
            }
            try await withDownloadFolder { folder, _ in
                let one = try await WkndRun.run(
                    [
                        "download", "--query", "wknd-shared/adventure-by-slug", "--var", "slug=lofoten-winter-surf",
                        "--output", folder.path,
                    ], environment: environment)
                #expect(one.status == 0, "\(one.stderr)")
                let written = try names(in: folder).filter { !$0.hasPrefix(".") }
                #expect(written.contains { $0.hasPrefix("lofoten-winter-surf.") })
            }
        }
    }

    @Test("a hostile slug or path never becomes a path outside the folder")
    func hostileNames() async throws {
        var content = try EmulatorContent.sample()
        guard var adventure = content[slug: "lofoten-winter-surf"] else { return }
        adventure.master["slug"] = .string("../../escape")
        content[slug: "lofoten-winter-surf"] = nil
        content[fragment: adventure.path] = adventure
        try await withEmulator(EmulatorOptions(content: content)) { _, environment in
            try await withDownloadFolder { folder, parent in
                let run = try await WkndRun.run(
                    ["download", "--query", "wknd-shared/adventures-all", "--output", folder.path],
                    environment: environment)
                #expect(run.status == 0, "\(run.stderr)")
                #expect(try names(in: parent) == ["images"])
                #expect(try names(in: folder).contains { $0.hasPrefix("escape-") })
            }
        }
    }

    @Test("--query excludes slugs; bad rendering options are refused before any request")
    func usage() async throws {
        let slugs = try await WkndRun.run(["download", "--query", "wknd-shared/adventures-all", "bali-surf-camp"])
        #expect(slugs.status == 64)
        let refused: [([String], String)] = [
            (["--width", "0"], "--width must be at least 1"), (["--quality", "101"], "--quality must be 1–100"),
            (["--rotate", "45"], "--rotate must be 90, 180 or 270"),
            (["--crop", "60p,0p,50p,10p"], "--crop must stay"),
            (["--flip", "x"], "--flip must be"), (["--original", "--width", "300"], "--original"),
            (["--format", "tiff"], "tiff"),
        ]
        for (options, message) in refused {
            let run = try await WkndRun.run(
                ["download", "--query", "wknd-shared/adventures-all", "--output", "/nonexistent/never"] + options,
                environment: ["AEM_HOST": "localhost.invalid"])
            #expect(run.status == 64, "\(options)")
            #expect(run.stderr.contains(message), "\(run.stderr)")
        }
        let variables = try await WkndRun.run(["download", "--all", "--var", "a=b"])
        #expect(variables.status == 64)
    }
}
