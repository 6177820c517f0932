import AEMCodegen
import AEMHeadless
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
        let inputs = try await package.withService { aem in try await ServiceInputs.read(from: aem) }
        #expect(inputs.count >= 3)
        for input in inputs { try Self.check(input) }
    }

    @Test func edgeCaseFilesMatch() throws {
        for input in try EdgeCaseInputs.all() { try Self.check(input) }
    }

    @Test func theSameInputGivesTheSameBytes() async throws {
        let first = try await ServedPackage.sample.withService { aem in try await ServiceInputs.read(from: aem) }
        let second = try await ServedPackage.sample.withService { aem in try await ServiceInputs.read(from: aem) }
        #expect(first.map(\.schema) == second.map(\.schema))
        for (one, other) in zip(first, second) {
            #expect(try GeneratedFile(for: one) == GeneratedFile(for: other))
        }
    }

    private static func check(_ input: CodegenInput) throws {
        let file = try GeneratedFile(for: input)
        if recording { try file.write(into: ServedPackage.generatedFolder) }
        let committed = try String(
            contentsOf: ServedPackage.generatedFolder.appendingPathComponent(file.name), encoding: .utf8)
        #expect(
            committed == file.contents,
            "\(file.name) is stale: AEM_CODEGEN_RECORD=1 swift test --filter GoldenFileTests")
    }
}

/// The hand-made schema and queries with the awkward cases (`Inputs/`).
enum EdgeCaseInputs {
    static let folder = ServedPackage.testsFolder.appendingPathComponent("Inputs")

    static func all() throws -> [CodegenInput] {
        let schema = try text("edge-cases.graphqls")
        return try ["edge-cases", "thing-list"].map { name in
            CodegenInput(schema: schema, query: try text(name + ".graphql"), queryPath: "edge/\(name)")
        }
    }

    static func text(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }
}
