import AEMCodegen
import AEMEmulator
import AEMHeadless
import AEMHeadlessAsyncHTTPClient
import EmulatorTestSupport
import Foundation
import Testing

/// The content packages the generated models come from, each served by the emulator over HTTP:
/// the built-in WKND sample and the editorial package (articles, authors), which is not WKND-shaped.
enum ServedPackage: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sample, editorial

    var testDescription: String { rawValue }

    /// The folder of this test target's sources.
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    /// The committed generated files, compiled into this target.
    static let generatedFolder = testsFolder.appendingPathComponent("Generated")

    func options() throws -> EmulatorOptions {
        switch self {
        case .sample:
            return EmulatorOptions()
        case .editorial:
            let root = Self.testsFolder.deletingLastPathComponent()
                .appendingPathComponent("AEMEmulatorTests/Fixtures/editorial/jcr_root")
            return EmulatorOptions(content: try EmulatorContent.load(jcrRoot: root))
        }
    }

    /// How its files are generated: the sample's with previews, the editorial package's without.
    var codegenOptions: CodegenOptions {
        CodegenOptions(previews: self == .sample)
    }

    /// Every file the generator makes from the package's stored queries.
    func generatedFiles() async throws -> [GeneratedFile] {
        let inputs = try await withService { aem in try await ServiceInputs.read(from: aem) }
        return try ModelGeneration.files(for: inputs, options: codegenOptions)
    }

    /// Runs `body` with a client of this package served on 127.0.0.1, port 0, and stops both after.
    func withService<T: Sendable>(_ body: (Aem) async throws -> T) async throws -> T {
        try await withRunning(try options()) { emulator in
            try await AsyncHTTPClientTransport.withTransport { transport in
                try await body(
                    Aem(try AemConfiguration(scheme: .http, host: "127.0.0.1:\(emulator.port)"), transport: transport))
            }
        }
    }
}

/// What the generator reads from a service: each stored query with its configuration's schema.
enum ServiceInputs {
    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    static func read(from aem: Aem) async throws -> [CodegenInput] {
        var inputs: [CodegenInput] = []
        var schemas: [String: String] = [:]
        for entry in try await aem.persistedQueries() {
            guard let text = entry.text else { continue }
            if schemas[entry.configuration] == nil {
                schemas[entry.configuration] = try await aem.graphQLSchema(configuration: entry.configuration)
            }
            inputs.append(CodegenInput(schema: schemas[entry.configuration] ?? "", query: text, queryPath: entry.path))
        }
        return inputs.sorted { $0.queryPath < $1.queryPath }
    }
}
