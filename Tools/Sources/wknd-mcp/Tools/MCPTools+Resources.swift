import AEMHeadless
import AEMHeadlessSync
import WKNDCore

/// The resources `wknd mcp` offers: each fragment as `aem://fragment/<path>` (JSON), each configuration's schema as
/// `aem://schema/<configuration>` (SDL) and each persisted query's text as `aem://query/<configuration>/<name>`.
extension MCPTools {
    static let fragmentScheme = "aem://fragment/"
    static let schemaScheme = "aem://schema/"
    static let queryScheme = "aem://query/"

    /// The resources the source can list (a mirror's fragments; the service's schemas and queries, its fragments
    /// through the template) and the templates of all three.
    func listResources() async throws -> UntypedJSON {
        var resources: [UntypedJSON] = []
        switch source {
        case .mirror(let store, _):
            for stored in try Self.reading({ try store.fragments() }) {
                let title = Self.json(stored).flatMap(Self.title(of:))
                resources.append(
                    Self.resource(
                        uri: Self.fragmentScheme + stored.path.dropFirst(), name: stored.path, title: title,
                        mimeType: "application/json"))
            }
        case .service(let aem, _):
            let entries = try await aem.persistedQueries()
            for configuration in Set(entries.map(\.configuration)).sorted() {
                resources.append(
                    Self.resource(
                        uri: Self.schemaScheme + configuration, name: "\(configuration) schema",
                        title: "The GraphQL schema of \(configuration)", mimeType: "application/graphql"))
            }
            for entry in entries {
                resources.append(
                    Self.resource(
                        uri: Self.queryScheme + entry.path, name: entry.path,
                        title: "The persisted query \(entry.path)",
                        mimeType: "application/graphql"))
            }
        }
        let templates: [UntypedJSON] = [
            Self.template(
                Self.fragmentScheme + "{+path}", "fragment", "A content fragment by its DAM path without the leading /",
                "application/json"),
            Self.template(
                Self.schemaScheme + "{configuration}", "schema", "The GraphQL schema of a configuration",
                "application/graphql"),
            Self.template(
                Self.queryScheme + "{configuration}/{name}", "query", "The text of a persisted query",
                "application/graphql"),
        ]
        return .members(["resources": .array(resources), "resourceTemplates": .array(templates)])
    }

    /// The contents of the resource `uri`.
    func readResource(_ uri: String) async throws -> UntypedJSON {
        let text: String
        let mimeType: String
        if uri.hasPrefix(Self.fragmentScheme) {
            let path = "/" + uri.dropFirst(Self.fragmentScheme.count)
            let answer = try await call(MCPTool.getFragment.rawValue, arguments: .members(["path": .string(path)]))
            text = (answer["fragment"] ?? .null).jsonText(.pretty)
            mimeType = "application/json"
        } else if uri.hasPrefix(Self.schemaScheme) {
            let configuration = String(uri.dropFirst(Self.schemaScheme.count))
            let answer = try await call(
                MCPTool.getSchema.rawValue, arguments: .members(["configuration": .string(configuration)]))
            text = answer["sdl"]?.stringValue ?? ""
            mimeType = "application/graphql"
        } else if uri.hasPrefix(Self.queryScheme) {
            let path = String(uri.dropFirst(Self.queryScheme.count))
            guard case .service(let aem, _) = source else {
                throw source.serviceOnly(.listPersistedQueries, "the persisted queries")
            }
            text = try await aem.persistedQueryText(path)
            mimeType = "application/graphql"
        } else {
            throw Failure(
                .usage,
                "There is no resource \(uri): the resources are \(Self.fragmentScheme)<path>, \(Self.schemaScheme)<configuration> and \(Self.queryScheme)<configuration>/<name>."
            )
        }
        return .members([
            "contents": .array([.members(["uri": .string(uri), "mimeType": .string(mimeType), "text": .string(text)])])
        ])
    }

    private static func resource(uri: String, name: String, title: String?, mimeType: String) -> UntypedJSON {
        .members([
            "uri": .string(uri), "name": .string(name), "title": title.map(UntypedJSON.string),
            "mimeType": .string(mimeType),
        ])
    }

    private static func template(_ uri: String, _ name: String, _ description: String, _ mimeType: String)
        -> UntypedJSON
    {
        .members([
            "uriTemplate": .string(uri), "name": .string(name), "description": .string(description),
            "mimeType": .string(mimeType),
        ])
    }
}
