import Foundation

/// `aem-codegen.json`: how a project generates its models, read by `wknd codegen`, `aem-codegen` and the
/// `generate-aem-models` package plugin alike; their options override it.
///
/// ```json
/// {"output": "Sources/App/AEM", "queries": "aem", "schemas": {"wknd-shared": "aem/wknd-shared.graphqls"},
///  "access": "public", "pruneGeneratedFiles": true, "previews": true, "scalars": {"Json": "MyApp.Settings"}}
/// ```
package struct CodegenConfiguration: Codable, Sendable, Equatable {
    /// The folder the Swift files are written into.
    package var output: String
    /// The folder of `<configuration>/<name>.graphql` files; nil: the service's stored queries (`wknd codegen`).
    package var queries: String?
    /// The schema's SDL file of each configuration; a configuration without one: its schema from the service
    /// (`wknd codegen`).
    package var schemas: [String: String]?
    /// The access level of the generated declarations; nil: public.
    package var access: CodegenLaunch.AccessLevel?
    /// Whether the generated files of queries that are gone are removed when every query is generated; nil: true.
    package var pruneGeneratedFiles: Bool?
    /// Whether every generated struct gets `static var preview`, for SwiftUI previews and tests; nil: false.
    package var previews: Bool?
    /// The Swift type of a GraphQL scalar, by the scalar's name (`{"Json": "MyApp.Settings"}`); nil: none.
    package var scalars: [String: String]?

    /// The file's name, looked for in the working directory.
    package static let fileName = "aem-codegen.json"

    /// What `wknd codegen init` writes.
    package static let defaults = CodegenConfiguration(
        output: "Sources/AEM", queries: "aem", schemas: nil, access: .public, pruneGeneratedFiles: true,
        previews: false, scalars: [:])

    package init(
        output: String, queries: String? = nil, schemas: [String: String]? = nil,
        access: CodegenLaunch.AccessLevel? = nil, pruneGeneratedFiles: Bool? = nil, previews: Bool? = nil,
        scalars: [String: String]? = nil
    ) {
        self.output = output
        self.queries = queries
        self.schemas = schemas
        self.access = access
        self.pruneGeneratedFiles = pruneGeneratedFiles
        self.previews = previews
        self.scalars = scalars
    }

    /// Reads the file at `path`.
    /// - Throws: `CodegenConfigurationError` for a file that cannot be read, is not such an object, or has a key
    ///   this version does not know (a misspelt key would otherwise be ignored).
    package static func read(from path: String) throws(CodegenConfigurationError) -> CodegenConfiguration {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CodegenConfigurationError(path: path, reason: "it cannot be read")
        }
        let known: Set<String> = [
            "output", "queries", "schemas", "access", "pruneGeneratedFiles", "previews", "scalars",
        ]
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
        let configuration: CodegenConfiguration
        do {
            configuration = try JSONDecoder().decode(CodegenConfiguration.self, from: data)
        } catch {
            throw CodegenConfigurationError(
                path: path,
                reason:
                    "\"output\" must be a folder's path, \"queries\" a folder's path, \"schemas\" an object of paths, \"access\" package or internal, \"pruneGeneratedFiles\" and \"previews\" true or false, \"scalars\" an object of Swift type names"
            )
        }
        let invalid = invalidScalarTypes(configuration.scalars ?? [:])
        guard invalid.isEmpty else {
            throw CodegenConfigurationError(
                path: path,
                reason:
                    "the type of the scalar\(invalid.count == 1 ? "" : "s") \(invalid.joined(separator: ", ")) is not a Swift type name (such as MyApp.Settings)"
            )
        }
        return configuration
    }

    /// The scalars of `scalars` whose Swift type is not a (dotted) Swift type name, sorted, so that a typo is refused
    /// rather than written into code that does not compile.
    package static func invalidScalarTypes(_ scalars: [String: String]) -> [String] {
        scalars.filter { !isTypeName($0.value) }.keys.sorted()
    }

    private static func isTypeName(_ text: String) -> Bool {
        text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
            guard let first = part.first, first == "_" || (first.isASCII && first.isLetter) else { return false }
            return part.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
        }
    }

    /// The file as `wknd codegen init` writes it: indented, keys sorted.
    package var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) + "\n" } ?? "{}\n"
    }
}

/// An `aem-codegen.json` that cannot be used, and why.
package struct CodegenConfigurationError: Error, Sendable, CustomStringConvertible {
    package var path: String
    package var reason: String

    package var description: String { "\(path) cannot be used: \(reason)." }
}
