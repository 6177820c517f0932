import AEMCodegen
import AEMHeadless
import EmulatorTestSupport
import Foundation
import Testing

/// The generated files compiled into this target are what the generator makes today from the
/// emulator's schema and stored query text, byte for byte, so they never go stale. To update them
/// after a change to the generator: `AEM_CODEGEN_RECORD=1 swift test --filter GoldenFileTests`.
@Suite("Generated files are current", .serialized)
struct GoldenFileTests {
    private static let recording = ProcessInfo.processInfo.environment["AEM_CODEGEN_RECORD"] == "1"

    @Test(arguments: ServedPackage.allCases)
    func filesMatchWhatTheGeneratorMakesFromTheService(_ package: ServedPackage) async throws {
        let files = try await package.generatedFiles()
        #expect(files.count >= 4)
        for file in files { try Self.check(file) }
    }

    @Test func edgeCaseFilesMatch() throws {
        for file in try EdgeCaseInputs.files() + WKND1Inputs.files() { try Self.check(file) }
    }

    /// Pruning over the golden set: the folder holds exactly what the generator makes, nothing stale, and
    /// `StaleFiles` finds a file of a query that is gone among them and nothing else.
    @Test func theFolderHoldsOnlyWhatTheGeneratorMakes() async throws {
        var names = Set(try (EdgeCaseInputs.files() + WKND1Inputs.files()).map(\.name))
        for package in ServedPackage.allCases { names.formUnion(try await package.generatedFiles().map(\.name)) }
        let folder = ServedPackage.generatedFolder
        let present = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        #expect(present == names)

        try await withTemporaryFolder("golden") { parent in
            let copy = parent.appendingPathComponent("golden")
            try FileManager.default.copyItem(at: folder, to: copy)
            let stale = try String(contentsOf: folder.appendingPathComponent("ThingListQuery.swift"), encoding: .utf8)
            try stale.write(to: copy.appendingPathComponent("GoneQuery.swift"), atomically: true, encoding: .utf8)
            let removed = try StaleFiles.remove(
                from: copy, keeping: names, configurations: ["edge", "wknd", "wknd-shared"])
            #expect(removed == ["GoneQuery.swift"])
        }
    }

    @Test func theSameInputGivesTheSameBytes() async throws {
        let first = try await ServedPackage.sample.generatedFiles()
        let second = try await ServedPackage.sample.generatedFiles()
        #expect(first == second)
        let reversed = try await ServedPackage.sample.withService { aem in try await ServiceInputs.read(from: aem) }
            .reversed()
        let sorted = { (files: [GeneratedFile]) in files.sorted { $0.name < $1.name } }
        #expect(
            sorted(try ModelGeneration.files(for: Array(reversed), options: ServedPackage.sample.codegenOptions))
                == sorted(first))
    }

    private static func check(_ file: GeneratedFile) throws {
        if recording { try file.write(into: ServedPackage.generatedFolder) }
        let committed = try String(
            contentsOf: ServedPackage.generatedFolder.appendingPathComponent(file.name), encoding: .utf8)
        #expect(
            committed == file.contents,
            "\(file.name) is stale: AEM_CODEGEN_RECORD=1 swift test --filter GoldenFileTests")
    }
}

/// The hand-made schema and queries with the awkward cases (`Inputs/`), generated with previews and with the
/// `Json` scalar as the test target's `EdgeExtra`.
enum EdgeCaseInputs {
    static let folder = ServedPackage.testsFolder.appendingPathComponent("Inputs")
    static let options = CodegenOptions(previews: true, scalars: ["Json": "EdgeExtra"])

    static func all() throws -> [CodegenInput] {
        let schema = try text("edge-cases.graphqls")
        return try ["edge-cases", "thing-cards", "thing-list"].map { name in
            CodegenInput(schema: schema, query: try text(name + ".graphql"), queryPath: "edge/\(name)")
        }
    }

    static func files() throws -> [GeneratedFile] {
        try ModelGeneration.files(for: all(), options: options)
    }

    static func text(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }
}

/// A list query over the schema AEM as a Cloud Service generates for the WKND 1.x models (`Inputs/wknd1.graphqls`,
/// `Inputs/wknd1-adventure-list.graphql`), generated as the edge cases are.
enum WKND1Inputs {
    static let queryPath = "wknd/adventure-list"

    static func files() throws -> [GeneratedFile] {
        let input = CodegenInput(
            schema: try EdgeCaseInputs.text("wknd1.graphqls"),
            query: try EdgeCaseInputs.text("wknd1-adventure-list.graphql"),
            queryPath: queryPath)
        return try ModelGeneration.files(for: [input], options: EdgeCaseInputs.options)
    }
}
