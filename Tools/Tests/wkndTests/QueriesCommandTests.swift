import AEMEmulator
import Foundation
import Testing

@testable import WKNDCore

@Suite("wknd queries: list, show and persist against the emulator", .serialized)
struct QueriesCommandTests {
    static let byActivity =
        "query ($activity: String!) { adventureList(filter: {activity: {_expressions: [{value: $activity}]}}, sort: \"slug\") { items { slug activity } } }\n"

    @Test("a query persisted by the test is listed, shown and run")
    func persistListShowRun() async throws {
        try await withEmulator { _, environment in
            let created = try await WkndRun.run(
                ["queries", "persist", "wknd-shared/by-activity", "q.graphql", "--max-age", "300"],
                environment: environment, files: ["q.graphql": Self.byActivity])
            #expect(created.status == 0, "\(created.stderr)")
            #expect(created.stderr.contains("created /wknd-shared/by-activity"))

            let list = try await WkndRun.run(
                ["queries", "list", "wknd-shared"],
                environment: environment.merging(["COLUMNS": "200"]) { $1 })
            #expect(list.status == 0)
            #expect(list.stdout.split(separator: "\n").first?.hasPrefix("CONFIGURATION") == true)
            #expect(list.stdout.contains("by-activity"))
            #expect(list.stdout.contains("/wknd-shared/by-activity"))

            let json = try await WkndRun.run(["queries", "list", "--json"], environment: environment)
            let entries = try #require(try json.json() as? [[String: Any]])
            let entry = try #require(entries.first { $0["name"] as? String == "by-activity" })
            #expect(entry["configuration"] as? String == "wknd-shared")
            #expect(entry["shortPath"] as? String == "/wknd-shared/by-activity")
            #expect(entry["query"] as? String == Self.byActivity)
            #expect(entries.count == 6)

            let show = try await WkndRun.run(["queries", "show", "wknd-shared/by-activity"], environment: environment)
            #expect(show.status == 0)
            #expect(show.stdout == Self.byActivity)

            let run = try await WkndRun.run(
                ["query", "wknd-shared/by-activity", "--var", "activity=Surfing"], environment: environment)
            #expect(run.status == 0)
            #expect(run.stdout.contains(#""activity":"Surfing""#))
            #expect(!run.stdout.contains("Hiking"))
        }
    }

    @Test("a name that exists, one that does not, a refused query, a read-only service")
    func failures() async throws {
        try await withEmulator { emulator, environment in
            let files = ["q.graphql": Self.byActivity, "bad.graphql": "{ adventureList { items { colour } } }"]
            let exists = try await WkndRun.run(
                ["queries", "persist", "wknd-shared/adventures-all", "q.graphql"], environment: environment,
                files: files)
            #expect(exists.status == 73)
            #expect(exists.stderr.contains("already exists") && exists.stderr.contains("--update"))

            let missing = try await WkndRun.run(
                ["queries", "persist", "wknd-shared/not-there", "q.graphql", "--update"], environment: environment,
                files: files)
            #expect(missing.status == 69)
            #expect(missing.stderr.contains("Leave out --update"))

            let refused = try await WkndRun.run(
                ["queries", "persist", "wknd-shared/broken", "bad.graphql"], environment: environment, files: files)
            #expect(refused.status == 65)
            #expect(refused.stderr.contains("colour"))

            let updated = try await WkndRun.run(
                ["queries", "persist", "wknd-shared/adventures-all", "q.graphql", "--update"], environment: environment,
                files: files)
            #expect(updated.status == 0)
            #expect(updated.stderr.contains("updated /wknd-shared/adventures-all"))

            emulator.faults.script("/graphql/persist.json/wknd-shared/new-one", .respond(status: 405))
            let readOnly = try await WkndRun.run(
                ["queries", "persist", "wknd-shared/new-one", "q.graphql"], environment: environment, files: files)
            #expect(readOnly.status == 77)
            #expect(readOnly.stderr.contains("read-only"))

            let unknown = try await WkndRun.run(
                ["queries", "show", "wknd-shared/no-such-query"], environment: environment)
            #expect(unknown.status == 69)
            #expect(unknown.stdout.isEmpty)
        }
    }
}
