import EmulatorTestSupport
import Foundation
import Testing

/// `aem-codegen`, the files-only tool the `generate-aem-models` plugin runs.
@Suite("aem-codegen")
struct CodegenToolTests {
    /// The built tool: next to the test bundle, else in the package's `.build/debug`.
    private static let executable: URL? = {
        let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
        let packageRoot = ServedPackage.testsFolder.deletingLastPathComponent().deletingLastPathComponent()
        return [
            bundleDirectory.appendingPathComponent("aem-codegen"),
            bundleDirectory.deletingLastPathComponent().appendingPathComponent("aem-codegen"),
            packageRoot.appendingPathComponent(".build/debug/aem-codegen"),
        ].first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Runs the tool, its output going to files rather than pipes (a full pipe cannot stall it) and
    /// its exit awaited rather than waited for on a thread that runs Swift tasks.
    private static func run(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
        try await withTemporaryFolder("aem-codegen-run") { folder in
            let (outURL, errURL) = (folder.appendingPathComponent("stdout"), folder.appendingPathComponent("stderr"))
            for url in [outURL, errURL] { try Data().write(to: url) }
            let process = Process()
            process.executableURL = try #require(executable, "aem-codegen was not built")
            process.arguments = arguments
            let (output, errors) = (try FileHandle(forWritingTo: outURL), try FileHandle(forWritingTo: errURL))
            defer {
                try? output.close()
                try? errors.close()
            }
            process.standardOutput = output
            process.standardError = errors
            let end = ProcessEnd(process)
            let status = try await withLaunched(process) { await end.status }
            return (
                status, try String(contentsOf: outURL, encoding: .utf8), try String(contentsOf: errURL, encoding: .utf8)
            )
        }
    }

    @Test func aConfigurationFileNamesTheFoldersSchemasAndPruning() async throws {
        try await withTemporaryFolder("aem-codegen") { parent in
            let folder = parent.appendingPathComponent("aem-codegen")
            let queries = folder.appendingPathComponent("aem/edge")
            try FileManager.default.createDirectory(at: queries, withIntermediateDirectories: true)
            for name in ["edge-cases", "thing-cards", "thing-list"] {
                try Data(try EdgeCaseInputs.text(name + ".graphql").utf8).write(
                    to: queries.appendingPathComponent(name + ".graphql"))
            }
            let output = folder.appendingPathComponent("out")
            let configuration = folder.appendingPathComponent("aem-codegen.json")
            let schema = EdgeCaseInputs.folder.appendingPathComponent("edge-cases.graphqls").path
            let text = """
                {"output": "\(output.path)", "queries": "\(folder.appendingPathComponent("aem").path)",
                 "schemas": {"edge": "\(schema)"}, "previews": true, "scalars": {"Json": "EdgeExtra"}}
                """
            try Data(text.utf8).write(to: configuration)
            let run = try await Self.run(["--config", configuration.path])
            #expect(run.status == 0, "\(run.stderr)")
            try Self.expectGoldenFiles(in: output)

            // Gone with thing-cards: its file and the fragment only it used; ThingParts stays, edge-cases spreads it.
            try FileManager.default.removeItem(at: queries.appendingPathComponent("thing-cards.graphql"))
            let pruned = try await Self.run(["--config", configuration.path])
            let removed = pruned.stdout.split(separator: "\n").filter { $0.hasPrefix("removed ") }.map(String.init)
            #expect(
                removed
                    == ["EdgeSchema.ThingCard.swift", "ThingCardsQuery.swift"].map {
                        "removed " + output.appendingPathComponent($0).path
                    })
            #expect(
                FileManager.default.fileExists(
                    atPath: output.appendingPathComponent("EdgeSchema.ThingParts.swift").path))

            try Data(#"{"output": "x", "queries": "y", "schema": "z"}"#.utf8).write(to: configuration)
            let misspelt = try await Self.run(["--config", configuration.path])
            #expect(misspelt.status == 64)
            #expect(misspelt.stderr.contains("unknown key schema"), "\(misspelt.stderr)")

            try Data(#"{"output": "x", "queries": "y", "scalars": {"Json": "My Settings"}}"#.utf8).write(
                to: configuration)
            let badType = try await Self.run(["--config", configuration.path])
            #expect(badType.status == 64)
            #expect(
                badType.stderr.contains("the type of the scalar Json is not a Swift type name"), "\(badType.stderr)")
        }
    }

    /// Every file `aem-codegen` wrote into `output` is the golden one, and every golden edge file is there.
    private static func expectGoldenFiles(in output: URL) throws {
        let written = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        #expect(written == (try EdgeCaseInputs.files().map(\.name).sorted()))
        for name in written {
            #expect(
                try String(contentsOf: output.appendingPathComponent(name), encoding: .utf8)
                    == String(contentsOf: ServedPackage.generatedFolder.appendingPathComponent(name), encoding: .utf8),
                "\(name)")
        }
    }

    @Test func generatesFromAEMsOwnSchemaShape() async throws {
        try await withTemporaryFolder("aem-codegen") { parent in
            let folder = parent.appendingPathComponent("aem-codegen")
            let queries = folder.appendingPathComponent("wknd")
            try FileManager.default.createDirectory(at: queries, withIntermediateDirectories: true)
            let query = queries.appendingPathComponent("adventure-list.graphql")
            try Data(try EdgeCaseInputs.text("wknd1-adventure-list.graphql").utf8).write(to: query)
            let schema = EdgeCaseInputs.folder.appendingPathComponent("wknd1.graphqls").path
            let output = folder.appendingPathComponent("out")
            let run = try await Self.run(
                ["--schema", schema, "--output", output.path, "--previews", "--scalar", "Json=EdgeExtra", query.path])
            #expect(run.status == 0, "\(run.stderr)")
            let expected = try WKND1Inputs.files()
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
                    == expected.map(\.name).sorted())
            for file in expected {
                #expect(
                    try String(contentsOf: output.appendingPathComponent(file.name), encoding: .utf8) == file.contents,
                    "\(file.name)")
            }
        }
    }

    @Test func writesWhatTheGeneratorMakesAndNamesTheConfigurationByFolder() async throws {
        try await withTemporaryFolder("aem-codegen") { parent in
            let folder = parent.appendingPathComponent("aem-codegen")
            let queries = folder.appendingPathComponent("edge")
            try FileManager.default.createDirectory(at: queries, withIntermediateDirectories: true)
            let names = ["edge-cases", "thing-cards", "thing-list"]
            for name in names {
                try Data(try EdgeCaseInputs.text(name + ".graphql").utf8).write(
                    to: queries.appendingPathComponent(name + ".graphql"))
            }
            let schema = EdgeCaseInputs.folder.appendingPathComponent("edge-cases.graphqls").path
            let output = folder.appendingPathComponent("out")
            let options = ["--previews", "--scalar", "Json=EdgeExtra"]
            let run = try await Self.run(
                ["--schema", schema, "--output", output.path] + options
                    + names.map { queries.appendingPathComponent($0 + ".graphql").path })
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.split(separator: "\n").count == (try EdgeCaseInputs.files().count))
            try Self.expectGoldenFiles(in: output)
            // One query of three: its file and the shared types it uses, the same bytes; nothing else touched.
            let again = try await Self.run(
                ["--schema", schema, "--output", output.path] + options
                    + [queries.appendingPathComponent("thing-list.graphql").path])
            #expect(again.stdout.split(separator: "\n").allSatisfy { $0.hasSuffix(" (unchanged)") })
            #expect(again.stdout.split(separator: "\n").count == 3)
            try Self.expectGoldenFiles(in: output)
            let badScalar = try await Self.run(
                [
                    "--schema", schema, "--output", output.path, "--scalar", "Json=[Int]",
                    queries.path + "/thing-list.graphql",
                ])
            #expect(badScalar.status == 64)

            try Data("query { thingList(limit: 1) { items { colour } } }".utf8).write(
                to: queries.appendingPathComponent("bad.graphql"))
            let bad = try await Self.run([
                "--schema", schema, "--output", output.path, queries.appendingPathComponent("bad.graphql").path,
            ])
            #expect(bad.status == 65)
            #expect(bad.stderr.contains("edge/bad:1:"))
            #expect(try await Self.run(["--output", output.path]).status == 64)
        }
    }
}
