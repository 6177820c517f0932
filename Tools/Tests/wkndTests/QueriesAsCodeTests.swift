import AEMEmulator
import EmulatorTestSupport
import Foundation
import Testing

@testable import WKNDCore

@Suite("wknd queries pull | diff | push and wknd schema fetch against the emulator", .serialized)
struct QueriesAsCodeTests {
    private static let slugs = "{ adventureList { items { slug } } }\n"

    private func text(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }

    @Test("pull writes each stored text exactly, with a sidecar for cache settings; diff then finds no difference")
    func pullThenDiff() async throws {
        var content = try EmulatorContent.sample()
        var all = try #require(content[query: "/wknd-shared/adventures-all"])
        all.cacheControl = ["max-age": 300]
        all.surrogateControl = ["max-age": 600]
        content[query: "/wknd-shared/adventures-all"] = all
        try await withEmulator(EmulatorOptions(content: content)) { _, environment in
            try await withTemporaryFolder { folder in
                let aem = folder.appendingPathComponent("aem")
                let pull = try await WkndRun.run(["queries", "pull", "--into", aem.path], environment: environment)
                #expect(pull.status == 0, "\(pull.stderr)")
                #expect(pull.stdout.split(separator: "\n").count == 6) // five texts, one sidecar
                #expect(try text(aem.appendingPathComponent("wknd-shared/adventures-all.graphql")) == all.text)
                let sidecar = try text(aem.appendingPathComponent("wknd-shared/adventures-all.json"))
                #expect(sidecar.contains(#""cache-control": {"max-age": 300}"#))
                #expect(sidecar.contains(#""surrogate-control": {"max-age": 600}"#))
                #expect(
                    !FileManager.default.fileExists(
                        atPath: aem.appendingPathComponent("wknd-shared/adventure-by-path.json").path))
                let same = try await WkndRun.run(["queries", "diff", aem.path], environment: environment)
                #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
                #expect(same.stderr.contains("5 queries, no difference"))
            }
        }
    }

    @Test("diff shows added, removed and changed queries with a unified diff, and exits 1")
    func diffShowsChanges() async throws {
        try await withEmulator { _, environment in
            try await withTemporaryFolder { folder in
                _ = try await WkndRun.run(["queries", "pull", "--into", folder.path], environment: environment)
                let all = folder.appendingPathComponent("wknd-shared/adventures-all.graphql")
                try Data(
                    try text(all).replacingOccurrences(
                        of: "      tripLength\n", with: "      tripLength\n      difficulty\n"
                    ).utf8
                ).write(to: all)
                try Data(Self.slugs.utf8).write(to: folder.appendingPathComponent("wknd-shared/slugs.graphql"))
                try FileManager.default.removeItem(
                    at: folder.appendingPathComponent("wknd-shared/adventure-by-path.graphql"))
                let diff = try await WkndRun.run(["queries", "diff", folder.path], environment: environment)
                #expect(diff.status == 1, "\(diff.stderr)")
                #expect(diff.stdout.contains("+ wknd-shared/slugs (only in \(folder.path))"))
                #expect(diff.stdout.contains("- wknd-shared/adventure-by-path (only in http://"))
                #expect(diff.stdout.contains("~ wknd-shared/adventures-all\n--- http://"))
                #expect(
                    diff.stdout.contains(
                        "@@ -13,6 +13,7 @@\n       activity\n       price\n       tripLength\n+      difficulty\n"))
            }
        }
    }

    @Test("push validates first, writes what differs, is idempotent, and prunes only when asked")
    func push() async throws {
        try await withEmulator { emulator, environment in
            try await withTemporaryFolder { folder in
                _ = try await WkndRun.run(["queries", "pull", "--into", folder.path], environment: environment)
                let configuration = folder.appendingPathComponent("wknd-shared")
                try Data(Self.slugs.utf8).write(to: configuration.appendingPathComponent("slugs.graphql"))
                try Data(#"{"cache-control": {"max-age": 120}}"#.utf8).write(
                    to: configuration.appendingPathComponent("slugs.json"))
                try FileManager.default.removeItem(
                    at: configuration.appendingPathComponent("adventure-by-path.graphql"))

                try Data("{ adventureList { items { slug nope } } }".utf8).write(
                    to: configuration.appendingPathComponent("bad.graphql"))
                let invalid = try await WkndRun.run(["queries", "push", folder.path], environment: environment)
                #expect(invalid.status == 65)
                #expect(
                    invalid.stderr.contains("wknd-shared/bad:1:32: Cannot query field \"nope\""), "\(invalid.stderr)")
                #expect(invalid.stderr.contains("nothing was written"))
                #expect(!emulator.requests.contains { $0.method == "PUT" || $0.method == "POST" })
                try FileManager.default.removeItem(at: configuration.appendingPathComponent("bad.graphql"))

                let dry = try await WkndRun.run(
                    ["queries", "push", folder.path, "--dry-run"], environment: environment)
                #expect(dry.status == 0)
                #expect(dry.stdout == "would be created: wknd-shared/slugs\n")
                #expect(dry.stderr.contains("1 on the service only, kept"))
                #expect(!emulator.requests.contains { $0.method == "PUT" })

                let first = try await WkndRun.run(["queries", "push", folder.path], environment: environment)
                #expect(first.status == 0, "\(first.stderr)")
                #expect(first.stdout == "created wknd-shared/slugs\n")
                let back = folder.appendingPathComponent("back")
                _ = try await WkndRun.run(["queries", "pull", "--into", back.path], environment: environment)
                #expect(try text(back.appendingPathComponent("wknd-shared/slugs.json")).contains(#""max-age": 120"#))

                let again = try await WkndRun.run(["queries", "push", folder.path], environment: environment)
                #expect(again.stdout.isEmpty)
                #expect(again.stderr.contains("nothing to push: 5 queries match"), "\(again.stderr)")

                let pruned = try await WkndRun.run(
                    ["queries", "push", folder.path, "--prune"], environment: environment)
                #expect(pruned.stdout == "deleted wknd-shared/adventure-by-path\n", "\(pruned.stderr)")
                let diff = try await WkndRun.run(["queries", "diff", folder.path], environment: environment)
                #expect(diff.status == 0)
            }
        }
    }

    @Test("a push that fails halfway says what was written and what was not")
    func pushFailingHalfway() async throws {
        try await withEmulator { emulator, environment in
            try await withTemporaryFolder { folder in
                let configuration = folder.appendingPathComponent("wknd-shared")
                try FileManager.default.createDirectory(at: configuration, withIntermediateDirectories: true)
                for name in ["a-first", "b-second", "c-third"] {
                    try Data(Self.slugs.utf8).write(to: configuration.appendingPathComponent(name + ".graphql"))
                }
                emulator.faults.script("/graphql/persist.json/wknd-shared/b-second", .respond(status: 503))
                let run = try await WkndRun.run(["queries", "push", folder.path], environment: environment)
                #expect(run.status == 69, "\(run.stderr)")
                #expect(run.stdout == "created wknd-shared/a-first\n")
                #expect(
                    run.stderr.contains(
                        "pushed 1 of 3 writes before failing at wknd-shared/b-second (created wknd-shared/a-first); not written: wknd-shared/b-second, wknd-shared/c-third"
                    ), "\(run.stderr)")
                let rest = try await WkndRun.run(["queries", "push", folder.path], environment: environment)
                #expect(rest.stdout == "created wknd-shared/b-second\ncreated wknd-shared/c-third\n", "\(rest.stderr)")
            }
        }
    }

    @Test("diff --to-profile compares two services")
    func diffBetweenServices() async throws {
        var changed = try EmulatorContent.sample()
        changed[query: "/wknd-shared/adventure-by-path"] = nil
        try await withEmulator { first, _ in
            try await withEmulator(EmulatorOptions(content: changed)) { second, _ in
                try await withTemporaryFolder { folder in
                    let profiles = folder.appendingPathComponent("profiles.json")
                    let document = """
                        {"profiles": {"a": {"scheme": "http", "host": "\(first.hostAndPort)"},
                                      "b": {"scheme": "http", "host": "\(second.hostAndPort)"}}}
                        """
                    try Data(document.utf8).write(to: profiles)
                    let run = try await WkndRun.run(
                        ["queries", "diff", "--profile", "a", "--to-profile", "b"],
                        environment: ["AEM_PROFILES_FILE": profiles.path])
                    #expect(run.status == 1, "\(run.stderr)")
                    #expect(run.stdout == "- wknd-shared/adventure-by-path (only in http://\(first.hostAndPort))\n")
                }
            }
        }
    }

    @Test("schema fetch prints or saves the configuration's SDL")
    func schemaFetch() async throws {
        try await withEmulator { _, environment in
            try await withTemporaryFolder { folder in
                let printed = try await WkndRun.run(["schema", "fetch", "wknd-shared"], environment: environment)
                #expect(printed.status == 0)
                #expect(printed.stdout.contains("type AdventureModel {"))
                let file = folder.appendingPathComponent("wknd-shared.graphqls")
                let saved = try await WkndRun.run(
                    ["schema", "fetch", "wknd-shared", "--output", file.path], environment: environment)
                #expect(saved.status == 0)
                #expect(
                    try text(file).trimmingCharacters(in: .newlines) == printed.stdout.trimmingCharacters(in: .newlines)
                )
                let missing = try await WkndRun.run(["schema", "fetch", "nothing-here"], environment: environment)
                #expect(missing.status == 69)
            }
        }
    }
}
