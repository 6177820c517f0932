import EmulatorTestSupport
import Foundation
import Testing

@testable import WKNDCore

@Suite("wknd codegen")
struct CodegenCommandTests {
    /// The files generated into the test target `GeneratedModelsTests`, which its tests keep current.
    private static let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("GeneratedModelsTests")

    private static func withFolder<T>(_ body: (URL) async throws -> T) async throws -> T {
        try await withTemporaryFolder("wknd-codegen") { try await body($0.appendingPathComponent("generated")) }
    }

    private static func text(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }

    @Test("from the service: the files the generator tests keep, one path a line on stdout")
    func fromTheService() async throws {
        try await withEmulator { _, environment in
            try await Self.withFolder { folder in
                let run = try await WkndRun.run(
                    [
                        "codegen", "wknd-shared/adventures-all", "wknd-shared/adventure-by-slug", "--output",
                        folder.path, "--previews",
                    ],
                    environment: environment)
                #expect(run.status == 0, "\(run.stderr)")
                let names = [
                    "AdventuresAllQuery.swift", "AdventureBySlugQuery.swift",
                    "WkndSharedSchema.AssetTransformFormat.swift",
                    "WkndSharedSchema.swift",
                ]
                #expect(
                    run.stdout.split(separator: "\n").map { URL(fileURLWithPath: String($0)).lastPathComponent }
                        == names)
                for name in names {
                    #expect(
                        try Self.text(folder.appendingPathComponent(name))
                            == Self.text(Self.committed.appendingPathComponent("Generated/\(name)")))
                }
                let all = try await WkndRun.run(["codegen", "--output", folder.path], environment: environment)
                #expect(all.status == 0)
                #expect(all.stdout.split(separator: "\n").count == 7)
                let missing = try await WkndRun.run(
                    ["codegen", "wknd-shared/no-such-query", "--output", folder.path], environment: environment)
                #expect(missing.status == 69)
                #expect(missing.stderr.contains("wknd-shared/no-such-query"))
            }
        }
    }

    @Test("codegen init writes aem-codegen.json; codegen then generates as it says, its queries from a folder")
    func configurationFile() async throws {
        try await withEmulator { _, environment in
            try await Self.withFolder { folder in
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let configuration = folder.appendingPathComponent("aem-codegen.json").path
                let initialized = try await WkndRun.run(["codegen", "init", "--codegen-config", configuration])
                #expect(initialized.status == 0, "\(initialized.stderr)")
                let written = try Self.text(URL(fileURLWithPath: configuration))
                #expect(written.contains(#""output" : "Sources/AEM""#))
                #expect(written.contains(#""queries" : "aem""#))
                let again = try await WkndRun.run(["codegen", "init", "--codegen-config", configuration])
                #expect(again.status == 73)

                let queries = folder.appendingPathComponent("aem")
                _ = try await WkndRun.run(["queries", "pull", "--into", queries.path], environment: environment)
                let output = folder.appendingPathComponent("Generated")
                try Data(#"{"output": "\#(output.path)", "queries": "\#(queries.path)", "access": "internal"}"#.utf8)
                    .write(to: URL(fileURLWithPath: configuration))
                let run = try await WkndRun.run(
                    ["codegen", "--codegen-config", configuration], environment: environment)
                #expect(run.status == 0, "\(run.stderr)")
                #expect(run.stdout.split(separator: "\n").count == 7)
                let all = try Self.text(output.appendingPathComponent("AdventuresAllQuery.swift"))
                #expect(all.contains("\nenum AdventuresAllQuery {"))
                let overridden = try await WkndRun.run(
                    ["codegen", "--codegen-config", configuration, "--access", "public"], environment: environment)
                #expect(overridden.status == 0)
                #expect(
                    try Self.text(output.appendingPathComponent("AdventuresAllQuery.swift")).contains("public enum"))
            }
        }
    }

    @Test("generating every query removes the generated files of queries that are gone, and nothing else")
    func prunesFilesOfGoneQueries() async throws {
        try await withEmulator { _, environment in
            try await Self.withFolder { folder in
                let first = try await WkndRun.run(["codegen", "--output", folder.path], environment: environment)
                #expect(first.status == 0, "\(first.stderr)")
                let generated = try String(
                    contentsOf: folder.appendingPathComponent("AdventuresAllQuery.swift"), encoding: .utf8)
                let gone = generated.replacingOccurrences(
                    of: "persisted query: wknd-shared/adventures-all", with: "persisted query: wknd-shared/gone-query")
                let otherConfiguration = generated.replacingOccurrences(
                    of: "persisted query: wknd-shared/adventures-all", with: "persisted query: my-site/articles"
                ).replacingOccurrences(of: "schema: wknd-shared", with: "schema: my-site")
                try Data(gone.utf8).write(to: folder.appendingPathComponent("GoneQueryQuery.swift"))
                try Data(otherConfiguration.utf8).write(to: folder.appendingPathComponent("ArticlesQuery.swift"))
                try Data("struct Mine {}\n".utf8).write(to: folder.appendingPathComponent("Mine.swift"))

                let kept = try await WkndRun.run(
                    ["codegen", "--output", folder.path, "--no-prune"], environment: environment)
                #expect(kept.status == 0)
                #expect(
                    FileManager.default.fileExists(atPath: folder.appendingPathComponent("GoneQueryQuery.swift").path))
                let named = try await WkndRun.run(
                    ["codegen", "wknd-shared/adventures-all", "--output", folder.path], environment: environment)
                #expect(named.status == 0)
                #expect(
                    FileManager.default.fileExists(atPath: folder.appendingPathComponent("GoneQueryQuery.swift").path))

                let pruned = try await WkndRun.run(["codegen", "--output", folder.path], environment: environment)
                #expect(pruned.status == 0, "\(pruned.stderr)")
                #expect(pruned.stderr.contains("removed \(folder.appendingPathComponent("GoneQueryQuery.swift").path)"))
                let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
                #expect(!left.contains("GoneQueryQuery.swift"))
                #expect(left.isSuperset(of: ["ArticlesQuery.swift", "Mine.swift", "AdventuresAllQuery.swift"]))
                #expect(left.count == 9)
            }
        }
    }

    @Test("the schema cut off mid-way every time, or an HTML page in its place: one line, exit 69 or 65")
    func schemaThatFails() async throws {
        try await withEmulator { emulator, environment in
            try await Self.withFolder { folder in
                let schema = "/content/cq:graphql/wknd-shared/endpoint.GQLschema"
                let arguments = ["codegen", "wknd-shared/adventures-all", "--output", folder.path]
                emulator.faults.script(schema, Array(repeating: .dropConnection(afterBodyBytes: 30), count: 3))
                let cut = try await WkndRun.run(arguments, environment: environment)
                #expect(cut.status == 69, "\(cut.stderr)")
                #expect(cut.stderr.split(separator: "\n").count == 1, "\(cut.stderr)")
                #expect(!cut.stderr.contains("Unexpected failure"))
                emulator.faults.script(schema, .htmlLoginPage)
                let html = try await WkndRun.run(arguments, environment: environment)
                #expect(html.status == 65, "\(html.stderr)")
                #expect(html.stderr.contains("HTML page"))
            }
        }
    }

    @Test("from files only: no service, and a query that does not validate names its line and column")
    func fromFiles() async throws {
        let schema = try Self.text(Self.committed.appendingPathComponent("Inputs/edge-cases.graphqls"))
        let query = try Self.text(Self.committed.appendingPathComponent("Inputs/edge-cases.graphql"))
        try await Self.withFolder { folder in
            let run = try await WkndRun.run(
                [
                    "codegen", "--schema", "s.graphqls", "--query-file", "q.graphql", "--name", "edge/edge-cases",
                    "--output", folder.path,
                ],
                environment: ["AEM_HOST": "127.0.0.1:9"],
                files: [
                    "s.graphqls": schema, "q.graphql": query,
                    "aem-codegen.json": #"{"output": "x", "previews": true, "scalars": {"Json": "EdgeExtra"}}"#,
                ])
            #expect(run.status == 0, "\(run.stderr)")
            let names = [
                "EdgeCasesQuery.swift", "EdgeSchema.Mode.swift", "EdgeSchema.ThingParts.swift", "EdgeSchema.swift",
            ]
            #expect(
                run.stdout.split(separator: "\n").map { URL(fileURLWithPath: String($0)).lastPathComponent } == names)
            for name in names {
                #expect(
                    try Self.text(folder.appendingPathComponent(name))
                        == Self.text(Self.committed.appendingPathComponent("Generated/\(name)")))
            }

            let bad = try await WkndRun.run(
                [
                    "codegen", "--schema", "s.graphqls", "--query-file", "q.graphql", "--name", "edge/bad", "--output",
                    folder.path,
                ],
                files: [
                    "s.graphqls": schema,
                    "q.graphql": "query {\n  thingList(limit: 1) {\n    items {\n      colour\n    }\n  }\n}\n",
                ])
            #expect(bad.status == 65)
            #expect(bad.stderr.contains("edge/bad:4:7"))
            #expect(bad.stdout.isEmpty)

            let unpaired = try await WkndRun.run(["codegen", "--query-file", "q.graphql", "--output", folder.path])
            #expect(unpaired.status == 64)
        }
    }

    @Test(
        "aem-codegen runs beside wknd with no credentials; without it, exit 78 and how to build it"
    )
    func companionProgram() async throws {
        let executable = try #require(WkndRun.executable, "the wknd binary was not built")
        let schema = try Self.text(Self.committed.appendingPathComponent("Inputs/edge-cases.graphqls"))
        let query = try Self.text(Self.committed.appendingPathComponent("Inputs/edge-cases.graphql"))
        try await Self.withFolder { folder in
            // A copy of wknd alone in a folder: /proc/self/exe names the copy, not a link to the build.
            let installed = folder.appendingPathComponent("bin")
            try FileManager.default.createDirectory(at: installed, withIntermediateDirectories: true)
            let wknd = installed.appendingPathComponent("wknd")
            try FileManager.default.copyItem(at: executable, to: wknd)
            let arguments = [
                "codegen", "--schema", "s.graphqls", "--query-file", "q.graphql", "--name", "edge/edge-cases",
                "--output", folder.appendingPathComponent("out").path,
            ]
            let secrets = ["AEM_PASSWORD": "pass-word-1", "AEM_TOKEN": "to-ken-2", "AEM_CLIENT_SECRET": "sec-ret-3"]
            let files = ["s.graphqls": schema, "q.graphql": query]

            let missing = try await WkndRun.run(arguments, files: files, executable: wknd)
            #expect(missing.status == 69)
            #expect(missing.stderrLines.count == 1, "\(missing.stderr)")
            #expect(missing.stderr.contains("aem-codegen, which is not beside wknd (\(installed.path)/aem-codegen)"))
            #expect(missing.stderr.contains("swift build --product aem-codegen"))
            // The other companion program missing ends the same way.
            let noEmulator = try await WkndRun.run(["list"], executable: wknd)
            #expect(noEmulator.status == missing.status)
            #expect(noEmulator.stderr.contains("wknd-serve, which is not beside wknd"), "\(noEmulator.stderr)")

            // A stand-in that keeps what it was given, then fails as no real aem-codegen would.
            let standIn = installed.appendingPathComponent("aem-codegen")
            try Data(
                "#!/bin/sh\nenv > \"$0.env\"\necho \"$@\" > \"$0.args\"\ncat > \"$0.stdin\"\nexit 3\n".utf8
            ).write(to: standIn)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: standIn.path)
            let failed = try await WkndRun.run(
                arguments, environment: secrets.merging(["AEM_USERNAME": "user"]) { $1 }, files: files,
                executable: wknd)
            #expect(failed.status == 70)
            #expect(failed.stderr.contains("aem-codegen ended with exit status 3"), "\(failed.stderr)")
            let given = try ["env", "args", "stdin"].map {
                try String(contentsOf: URL(fileURLWithPath: standIn.path + "." + $0), encoding: .utf8)
            }
            #expect(given[1] == "--json-stdin\n")
            #expect(given[2].contains("thingByPath"), "the query's text is on its standard input")
            for (name, secret) in secrets {
                #expect(given.allSatisfy { !$0.contains(secret) }, "\(name) reached aem-codegen")
            }
            #expect(!given[0].contains("AEM_"))
        }
    }
}
