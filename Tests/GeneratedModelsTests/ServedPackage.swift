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
        let list = try await body(of: "/graphql/list.json", on: aem)
        guard case .array(let configurations) = try JSONDecoder().decode(UntypedJSON.self, from: list) else {
            throw Failed(description: "list.json is not an array")
        }
        var inputs: [CodegenInput] = []
        for configuration in configurations {
            guard let name = configuration["configurationName"]?.stringValue,
                case .array(let queries)? = configuration["queries"]
            else { continue }
            let schema = String(
                decoding: try await body(of: "/content/cq:graphql/\(name)/endpoint.GQLschema", on: aem), as: UTF8.self)
            for query in queries {
                guard let path = query["path"]?["shortForm"]?.stringValue,
                    let text = query["data"]?["query"]?.stringValue
                else { continue }
                inputs.append(CodegenInput(schema: schema, query: text, queryPath: String(path.drop { $0 == "/" })))
            }
        }
        return inputs.sorted { $0.queryPath < $1.queryPath }
    }

    private static func body(of path: String, on aem: Aem) async throws -> Data {
        guard let url = aem.configuration.origin.url(forPath: path) else {
            throw Failed(description: "no URL for \(path)")
        }
        let response = try await aem.get(url)
        let body = try await response.body.collect(upTo: 16 * 1024 * 1024)
        guard response.status == 200 else { throw Failed(description: "\(path) answered \(response.status)") }
        return body
    }
}
