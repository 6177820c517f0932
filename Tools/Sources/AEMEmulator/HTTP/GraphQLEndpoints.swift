import Foundation
import GraphQL

/// AEM's GraphQL endpoints over one content repository: persisted queries run (`execute.json`), listed
/// (`list.json`) and stored (`persist.json`); the schema as SDL (`endpoint.GQLschema`); and, when enabled, ad-hoc
/// queries (`endpoint.json`), which AEM publish usually blocks.
struct GraphQLEndpoints: Sendable {
    /// The tier whose cache headers the answers carry.
    let tier: EmulatorView
    let engine: QueryEngine
    let queries: StoredQueries
    let allowsAdHocQueries: Bool
    /// The answers executed so far, for the same request asked again.
    let executed = ExecutedAnswers()

    /// The largest request body read: a query text or an ad-hoc request.
    static let maximumBodyBytes = 1024 * 1024

    /// `GET /graphql/execute.json/<configuration>/<name>;<variables>`.
    func execute(_ name: String, variables: [String: String]) async -> Reply {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, let query = queries.query(configuration: parts[0], name: parts[1]) else {
            return .document(
                status: AEMErrorBodies.persistedQueryNotFoundStatus,
                AEMErrorBodies.persistedQueryNotFound(
                    configuration: parts.first ?? "", name: parts.dropFirst().joined(separator: "/")),
                cacheControl: nil)
        }
        let key = ExecutedAnswers.key(query, variables: variables)
        if let answer = executed[key] { return .executed(answer) }
        switch await engine.execute(query, rawVariables: variables) {
        case .response(let document):
            return .executed(executed.keep(document, cacheControl: CacheHeaders(query, tier: tier), for: key))
        case .invalidQuery(let document):
            return .document(status: 500, document, cacheControl: nil)
        case .unknownConfiguration:
            return Self.noSuitableEndpoint
        }
    }

    /// Parses and validates every stored query ahead of its first request (the engine keeps them parsed), as a
    /// service that has been running would have them.
    func prepareStoredQueries() {
        for query in queries.all() { _ = engine.validate(query.text, configuration: query.configuration) }
    }

    /// `GET /graphql/list.json` or `/graphql/list.json/<configuration>`: one element per configuration.
    func list(configuration: String?) -> Reply {
        let stored = queries.all(in: configuration)
        var configurations: [String] = []
        for query in stored where configurations.last != query.configuration {
            configurations.append(query.configuration)
        }
        if let configuration, configurations.isEmpty { configurations = [configuration] }
        let document = OrderedJSON.array(
            configurations.map { name in
                .object([
                    ("configurationName", .string(name)),
                    (
                        "queries",
                        .array(
                            stored.filter { $0.configuration == name }.map { query in
                                .object([
                                    (
                                        "path",
                                        .object([
                                            ("shortForm", .string(query.shortPath)),
                                            (
                                                "longForm",
                                                .string(
                                                    "/\(query.configuration)/settings/graphql/persistentQueries/\(query.name)"
                                                )
                                            ),
                                        ])
                                    ),
                                    ("data", .object([("query", .string(query.text))] + Self.cacheMembers(query))),
                                ])
                            })
                    ),
                ])
            })
        return .document(status: 200, document, cacheControl: nil)
    }

    /// `PUT` (create) or `POST` (update) `/graphql/persist.json/<configuration>/<name>` with the query text, raw or as
    /// `{"query": …, "cache-control": {…}, "surrogate-control": {…}}`.
    func persist(_ name: String, body: [UInt8], creating: Bool) -> Reply {
        guard let place = Self.place(name) else { return Self.badPlace }
        guard let request = PersistRequest(body) else {
            return .document(
                status: 400, Self.errors("The body is neither a GraphQL query nor {\"query\": …} JSON."),
                cacheControl: nil)
        }
        let problems = engine.validate(request.query, configuration: place.configuration)
        guard problems.isEmpty else {
            return .document(status: 400, QueryEngine.validationErrorBody(problems), cacheControl: nil)
        }
        let query = StoredQuery(
            configuration: place.configuration, name: place.name, text: request.query,
            cacheControl: request.cacheControl, surrogateControl: request.surrogateControl)
        guard queries.store(query, creating: creating) else {
            let message =
                creating
                ? "A persisted query already exists at \(query.longPath); update it with POST."
                : "No persisted query exists at \(query.longPath); create it with PUT."
            return .document(status: creating ? 409 : 404, Self.errors(message), cacheControl: nil)
        }
        return Self.done(creating ? "create" : "update", query, status: creating ? 201 : 200)
    }

    /// `DELETE /graphql/persist.json/<configuration>/<name>`: 200 with `{"action": "delete", …}`, 404 when there is no
    /// such query. [INF] AEM's documentation shows only PUT and POST; the answer mirrors theirs.
    func delete(_ name: String) -> Reply {
        guard let place = Self.place(name) else { return Self.badPlace }
        guard let query = queries.remove(configuration: place.configuration, name: place.name) else {
            let missing = StoredQuery(configuration: place.configuration, name: place.name, text: "")
            return .document(
                status: 404, Self.errors("No persisted query exists at \(missing.longPath)."), cacheControl: nil)
        }
        return Self.done("delete", query, status: 200)
    }

    /// The configuration and name of a `persist.json` request's `<configuration>/<name>`; nil when it is not one.
    private static func place(_ name: String) -> (configuration: String, name: String)? {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, parts.allSatisfy({ isQueryName($0) }) else { return nil }
        return (parts[0], parts[1])
    }

    /// The answer to a `persist.json` request whose place is not `<configuration>/<name>`.
    private static let badPlace = Reply.document(
        status: 400, errors("Give the query's place as /graphql/persist.json/<configuration>/<name>."),
        cacheControl: nil)

    /// AEM's answer to a `persist.json` request that did `action` to `query`.
    private static func done(_ action: String, _ query: StoredQuery, status: Int) -> Reply {
        .document(
            status: status,
            .object([
                ("action", .string(action)),
                ("configurationName", .string(query.configuration)),
                ("name", .string(query.name)),
                ("shortPath", .string(query.shortPath)),
                ("path", .string(query.longPath)),
            ]),
            cacheControl: nil)
    }

    /// The cache settings stored with `query`, as `list.json` gives them beside its text. [INF] AEM's list is only
    /// known to carry `query`; these are the members `persist.json` takes.
    private static func cacheMembers(_ query: StoredQuery) -> [(String, OrderedJSON)] {
        var members: [(String, OrderedJSON)] = []
        for (name, values) in [("cache-control", query.cacheControl), ("surrogate-control", query.surrogateControl)] {
            guard let values, !values.isEmpty else { continue }
            members.append(
                (name, .object(values.sorted { $0.key < $1.key }.map { ($0.key, .number(Double($0.value))) })))
        }
        return members
    }

    /// `GET /content/cq:graphql/<configuration>/endpoint.GQLschema`.
    func schema(configuration: String) -> Reply {
        guard let sdl = engine.sdl(configuration: configuration) else { return Self.noSuitableEndpoint }
        return .raw(
            status: 200, headers: [("Content-Type", "text/x-graphql-schema;charset=utf-8")], body: Array(sdl.utf8))
    }

    /// `POST /content/_cq_graphql/<configuration>/endpoint.json` with `{"query", "variables", "operationName"}`.
    func adHoc(configuration: String, body: [UInt8]) async -> Reply? {
        guard allowsAdHocQueries else { return nil }
        // A configuration without a schema has no endpoint, whatever is asked of it: AEM's one answer for that.
        guard engine.sdl(configuration: configuration) != nil else { return Self.noSuitableEndpoint }
        guard let request = try? JSONDecoder().decode(AdHocRequest.self, from: Data(body)) else {
            return .document(
                status: 400, Self.errors("The body must be JSON: {\"query\": …, \"variables\": {…}}."),
                cacheControl: nil)
        }
        let document = await engine.execute(
            request.query, configuration: configuration, variables: request.variables ?? [:],
            operationName: request.operationName)
        return .document(status: 200, document, cacheControl: nil)
    }

    /// AEM's answer for a configuration without a GraphQL endpoint: to a persisted query, the schema and an ad-hoc query.
    private static let noSuitableEndpoint = Reply.document(
        status: AEMErrorBodies.noSuitableEndpointStatus, AEMErrorBodies.noSuitableEndpoint, cacheControl: nil)

    private static func errors(_ message: String) -> OrderedJSON {
        .object([("errors", .array([.object([("message", .string(message))])]))])
    }

    /// A configuration or query name: letters, digits, `-`, `_` and `.`, not starting with `.`.
    private static func isQueryName(_ text: String) -> Bool {
        !text.isEmpty && !text.hasPrefix(".")
            && text.unicodeScalars.allSatisfy {
                CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0)
            }
    }
}

/// The body of a `persist.json` request.
private struct PersistRequest {
    var query: String
    var cacheControl: [String: Int]?
    var surrogateControl: [String: Int]?

    init?(_ body: [UInt8]) {
        let data = Data(body)
        if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
            guard let query = object["query"] as? String else { return nil }
            self.query = query
            cacheControl = Self.directives(object["cache-control"])
            surrogateControl = Self.directives(object["surrogate-control"])
        } else {
            let text = String(decoding: body, as: UTF8.self)
            guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
            query = text
        }
    }

    /// `{"max-age": 300}` as whole numbers by directive; other values are ignored.
    private static func directives(_ value: Any?) -> [String: Int]? {
        guard let object = value as? [String: Any] else { return nil }
        let numbers = object.compactMapValues { ($0 as? NSNumber)?.intValue }
        return numbers.isEmpty ? nil : numbers
    }
}

/// The body of an ad-hoc GraphQL request.
private struct AdHocRequest: Decodable {
    var query: String
    var variables: [String: Map]?
    var operationName: String?
}
