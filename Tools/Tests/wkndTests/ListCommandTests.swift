import AEMEmulator
import Foundation
import Testing

@testable import WKNDCore

@Suite("wknd list against the emulator")
struct ListCommandTests {
    @Test("a table with every adventure, nothing on stderr, no colour in a pipe")
    func table() async throws {
        try await withEmulator { _, environment in
            let run = try await WkndRun.run(["list"], environment: environment.merging(["COLUMNS": "200"]) { $1 })
            #expect(run.status == 0)
            #expect(run.stderr.isEmpty)
            let lines = run.stdout.split(separator: "\n")
            #expect(lines.first?.hasPrefix("TITLE") == true)
            #expect(lines.count == 21)
            #expect(run.stdout.contains("Lofoten Winter Surf Week"))
            #expect(run.stdout.contains("2,450.00"))
            #expect(!run.stdout.contains("\u{1B}"))
        }
    }

    @Test("the table fits COLUMNS")
    func fitsWidth() async throws {
        try await withEmulator { _, environment in
            let run = try await WkndRun.run(["list"], environment: environment.merging(["COLUMNS": "70"]) { $1 })
            #expect(run.status == 0)
            for line in run.stdout.split(separator: "\n") { #expect(line.count <= 70, "\(line)") }
            #expect(run.stdout.contains("lofoten-winter-surf"))
        }
    }

    @Test("--json: one array with numbers, nulls and absolute image URLs")
    func json() async throws {
        try await withEmulator { emulator, environment in
            let run = try await WkndRun.run(["list", "--json"], environment: environment)
            #expect(run.status == 0)
            #expect(run.stderr.isEmpty)
            let items = try #require(try run.json() as? [[String: Any]])
            #expect(items.count == 20)
            for item in items {
                #expect(
                    Set(item.keys).isSuperset(of: [
                        "slug", "title", "activity", "price", "tripLength", "path", "imageUrl",
                    ]))
            }
            let lofoten = try #require(items.first { $0["slug"] as? String == "lofoten-winter-surf" })
            #expect((lofoten["price"] as? NSNumber)?.doubleValue == 2450)
            #expect(lofoten["tripLength"] as? String == "6\u{A0}days")
            #expect(
                lofoten["path"] as? String
                    == "/content/dam/wknd-shared/en/adventures/lofoten-winter-surf/lofoten-winter-surf")
            let imageURL = try #require(lofoten["imageUrl"] as? String)
            #expect(imageURL.hasPrefix(emulator.baseURL.absoluteString + "/adobe/dynamicmedia/deliver/"))
            let unpriced = try #require(items.first { $0["slug"] as? String == "fontainebleau-bouldering" })
            #expect(unpriced["price"] is NSNull)
            #expect(items.contains { $0["title"] as? String == "Climbers’ Film Night" })
            #expect(!run.stdout.contains("\u{1B}"))
            #expect(!run.stdout.contains("\\/"))
            let agent = try #require(emulator.requests.last?.headers["user-agent"])
            #expect(agent.hasPrefix("wknd/0.1.0 aem-headless-swift/0.1.0 ("), "\(agent)")
        }
    }

    @Test("--offset, --limit and --sort reach the query and shape the answer")
    func offsetLimitSort() async throws {
        try await withEmulator { emulator, environment in
            let all = try await WkndRun.run(["list", "--json", "--sort", "price DESC"], environment: environment)
            let sorted = try #require(try all.json() as? [[String: Any]]).compactMap { $0["slug"] as? String }
            let run = try await WkndRun.run(
                ["list", "--json", "--limit", "3", "--offset", "2", "--sort", "price DESC"],
                environment: environment)
            #expect(run.status == 0)
            let page = try #require(try run.json() as? [[String: Any]]).compactMap { $0["slug"] as? String }
            #expect(page == Array(sorted[2..<5]))
            let prices = try #require(try all.json() as? [[String: Any]]).compactMap {
                ($0["price"] as? NSNumber)?.doubleValue
            }
            #expect(prices == prices.sorted(by: >))
            let target = try #require(emulator.requests.last?.target)
            #expect(target.contains("limit=3") && target.contains("offset=2") && target.contains("sort=price%20DESC"))
        }
    }

    @Test("no host configured: the built-in sample service, said on stderr")
    func builtInDefault() async throws {
        let run = try await WkndRun.run(["list", "--limit", "2"])
        #expect(run.status == 0)
        #expect(run.stdout.split(separator: "\n").count == 3)
        #expect(run.stderrLines.count == 1)
        #expect(run.stderr.contains("built-in sample service"))
        #expect(run.stderr.contains("AEM_HOST"))
    }

    @Test("a usage error exits 64 with nothing on stdout")
    func usage() async throws {
        let run = try await WkndRun.run(["list", "--limit", "0"])
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("--limit"))
    }
}
