import Foundation

/// `aem-codegen.json`: how a project generates its models, read by `wknd codegen`, `aem-codegen` and the
/// `generate-aem-models` package plugin alike; their options override it.
///
/// ```json
/// {"output": "Sources/App/AEM", "queries": "aem", "schemas": {"wknd-shared": "aem/wknd-shared.graphqls"},
///  "access": "public", "pruneGeneratedFiles": true}
/// ```
public struct CodegenConfiguration: Codable, Sendable, Equatable {
    /// The folder the Swift files are written into.
    public var output: String
    /// The folder of `<configuration>/<name>.graphql` files; nil: the service's stored queries (`wknd codegen`).
    public var queries: String?
    /// The schema's SDL file of each configuration; a configuration without one: its schema from the service
    /// (`wknd codegen`).
    public var schemas: [String: String]?
    /// The access level of the generated declarations; nil: public.
    public var access: CodegenLaunch.AccessLevel?
    /// Whether the generated files of queries that are gone are removed when every query is generated; nil: true.
    public var pruneGeneratedFiles: Bool?

    /// The file's name, looked for in the working directory.
    public static let fileName = "aem-codegen.json"

    /// What `wknd codegen init` writes.
    public static let defaults = CodegenConfiguration(
        output: "Sources/AEM", queries: "aem", schemas: nil, access: .public, pruneGeneratedFiles: true)

    public init(
        output: String, queries: String? = nil, schemas: [String: String]? = nil,
        access: CodegenLaunch.AccessLevel? = nil, pruneGeneratedFiles: Bool? = nil
    ) {
        self.output = output
        self.queries = queries
        self.schemas = schemas
        self.access = access
        self.pruneGeneratedFiles = pruneGeneratedFiles
    }

    /// Reads the file at `path`.
    /// - Throws: `CodegenConfigurationError` for a file that cannot be read, is not such an object, or has a key
    ///   this version does not know (a misspelt key would otherwise be ignored).
    public static func read(from path: String) throws(CodegenConfigurationError) -> CodegenConfiguration {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CodegenConfigurationError(path: path, reason: "it cannot be read")
        }
        let known: Set<String> = ["output", "queries", "schemas", "access", "pruneGeneratedFiles"]
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw CodegenConfigurationError(path: path, reason: "it is not a JSON object")
        }
        let unknown = Set(object.keys).subtracting(known).sorted()
        guard unknown.isEmpty else {
            throw CodegenConfigurationError(
                path: path,
                reason:
                    "unknown key\(unknown.count == 1 ? "" : "s") \(unknown.joined(separator: ", ")); the keys are \(known.sorted().joined(separator: ", "))"
            )
        }
        do {
            return try JSONDecoder().decode(CodegenConfiguration.self, from: data)
        } catch {
            throw CodegenConfigurationError(
                path: path,
                reason:
                    "\"output\" must be a folder's path, \"queries\" a folder's path, \"schemas\" an object of paths, \"access\" public or internal, \"pruneGeneratedFiles\" true or false"
            )
        }
    }

    /// The file as `wknd codegen init` writes it: indented, keys sorted.
    public var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) + "\n" } ?? "{}\n"
    }
}

/// An `aem-codegen.json` that cannot be used, and why.
public struct CodegenConfigurationError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public var description: String { "\(path) cannot be used: \(reason)." }
}
