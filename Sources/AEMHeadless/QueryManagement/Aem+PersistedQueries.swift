import Foundation

/// Listing, reading and storing persisted queries (`/graphql/list.json`, `/graphql/persist.json`).
///
/// ```swift
/// for entry in try await aem.persistedQueries(configuration: "wknd-shared") { print(entry.path) }
/// let text = try await aem.persistedQueryText("wknd-shared/adventures-all")
/// try await aem.persist("{ adventureList { items { slug } } }", as: "wknd-shared/slugs",
///                       caching: QueryCacheSettings(maxAge: 300))
/// ```
extension Aem {
    /// The persisted queries stored on the service, of every configuration or of one, in the
    /// order AEM lists them.
    /// - Throws: `AemError` (`.unauthorized`, `.htmlResponse`, `.invalidResponse`, `.httpStatus`,
    ///   `.network`, …), or `CancellationError`.
    public func persistedQueries(configuration name: String? = nil) async throws -> [PersistedQueryEntry] {
        var path = "/graphql/list.json"
        if let name { path += "/" + PercentEncoding.encodeUnreserved(name) }
        let answer = try await answer(managementURL(path))
        let what = "the list of persisted queries"
        try checkReadable(answer, what: what)
        guard let document = answer.json, document.arrayValue != nil else {
            throw AemError(
                .invalidResponse, "\(configuration.origin) answered \(what) with something other than a JSON array.",
                url: answer.url, status: answer.status, bodyExcerpt: answer.excerpt(configuration.scrubber))
        }
        return PersistedQueryEntry.entries(in: document)
    }

    /// The GraphQL text stored as the persisted query `path` (`configuration/name`), as AEM lists it.
    /// - Throws: `AemError` of kind `.queryNotFound` when there is no such query, else as
    ///   `persistedQueries(configuration:)`.
    public func persistedQueryText(_ path: String) async throws -> String {
        guard let parts = QueryPathParts(path) else { throw QueryPathParts.invalid(path) }
        let entries = try await persistedQueries(configuration: parts.configuration)
        guard let entry = entries.first(where: { $0.configuration == parts.configuration && $0.name == parts.name })
        else {
            throw AemError(
                .queryNotFound,
                "The persisted query \(path) does not exist on \(configuration.origin). `persistedQueries` lists those that do."
            )
        }
        guard let text = entry.text else {
            throw AemError(.invalidResponse, "\(configuration.origin) lists \(path) without its text.")
        }
        return text
    }

    /// The GraphQL schema AEM generates for `configuration` from its content fragment models, as SDL
    /// (`/content/cq:graphql/<configuration>/endpoint.GQLschema`): what `AEMCodegen` generates models from.
    /// - Throws: `AemError` as `persistedQueries(configuration:)` does.
    public func graphQLSchema(configuration name: String) async throws -> String {
        let url = managementURL("/content/cq:graphql/\(PercentEncoding.encodeUnreserved(name))/endpoint.GQLschema")
        let answer = try await answer(url, headers: ["Accept": "application/json, text/plain, */*"])
        try checkReadable(answer, what: "the GraphQL schema of \(name)")
        return String(decoding: answer.body, as: UTF8.self)
    }

    /// Stores `text` as the persisted query `path` (`configuration/name`): `PUT` to create it, or
    /// with `replacing` `POST` to update one that exists. Only an author service stores queries;
    /// publish gets them by replication.
    ///
    /// - Parameter caching: the cache lifetimes AEM sends with the query's answers; nil keeps AEM's defaults.
    /// - Throws: `AemError` of kind `.queryAlreadyExists` (creating a name that is taken),
    ///   `.queryNotFound` (replacing one that does not exist), `.queryRejected` (AEM refused the
    ///   text; its errors are in `graphQLErrors` and the message), `.persistingNotAllowed` (a
    ///   read-only service such as publish), `.unauthorized`, or as any request fails.
    @discardableResult
    public func persist(
        _ text: String, as path: String, caching: QueryCacheSettings? = nil,
        replacing: Bool = false
    ) async throws -> PersistOutcome {
        guard let parts = QueryPathParts(path) else { throw QueryPathParts.invalid(path) }
        let answer = try await answer(
            managementURL("/graphql/persist.json" + parts.encoded), method: replacing ? "POST" : "PUT",
            headers: ["Content-Type": "application/json"], body: Self.persistBody(text, cache: caching))
        if (200..<300).contains(answer.status) {
            let json = answer.json
            return PersistOutcome(
                action: json?["action"]?.stringValue.flatMap(PersistOutcome.Action.init(rawValue:))
                    ?? (replacing ? .update : .create),
                path: path, shortPath: json?["shortPath"]?.stringValue ?? "/" + path,
                repositoryPath: json?["path"]?.stringValue)
        }
        throw persistFailure(answer, path: path, replacing: replacing)
    }

    /// Removes the persisted query `path` (`configuration/name`) with `DELETE` on its `persist.json`
    /// URL. Only an author service stores queries.
    ///
    /// - Throws: `AemError` of kind `.queryNotFound` when there is no such query,
    ///   `.persistingNotAllowed` (a read-only service such as publish), `.unauthorized`, or as any
    ///   request fails.
    public func deletePersistedQuery(_ path: String) async throws {
        guard let parts = QueryPathParts(path) else { throw QueryPathParts.invalid(path) }
        let answer = try await answer(managementURL("/graphql/persist.json" + parts.encoded), method: "DELETE")
        guard !(200..<300).contains(answer.status) else { return }
        if answer.status == 404, !answer.managementErrors.isEmpty, !answer.isHTML {
            throw AemError(
                .queryNotFound, "There is no persisted query \(path) on \(configuration.origin) to delete.",
                url: answer.url, status: 404, bodyExcerpt: answer.excerpt(configuration.scrubber),
                graphQLErrors: answer.managementErrors)
        }
        throw persistFailure(answer, path: path, replacing: true)
    }

    /// AEM's JSON form of a query to persist: `{"query": …, "cache-control": {"max-age": …},
    /// "surrogate-control": {"max-age": …}}`.
    static func persistBody(_ text: String, cache: QueryCacheSettings?) -> Data {
        var members = [UntypedJSON.Member("query", .string(text))]
        if let maxAge = cache?.maxAge {
            members.append(.init("cache-control", .object([.init("max-age", .number(String(maxAge)))])))
        }
        if let sharedMaxAge = cache?.sharedMaxAge {
            members.append(.init("surrogate-control", .object([.init("max-age", .number(String(sharedMaxAge)))])))
        }
        return Data(UntypedJSON.object(members).jsonBytes())
    }

    /// The failure of a list or read: credentials, an HTML page, or any status but success.
    private func checkReadable(_ answer: AemAnswer, what: String) throws(AemError) {
        if [401, 403].contains(answer.status) {
            throw StatusFailure(
                subject: .query(path: what), origin: configuration.origin, url: answer.url, sentCredentials: true
            )
            .error(for: answer, scrubber: configuration.scrubber)
        }
        let excerpt = answer.excerpt(configuration.scrubber)
        guard answer.isSuccess else {
            let errors = answer.managementErrors
            let reason =
                answer.isHTML
                ? " with an HTML page."
                : errors.first.map { ": \($0)" }
                    ?? (answer.status >= 500 ? ": the server failed; try again later." : ".")
            throw AemError(
                .httpStatus, "\(configuration.origin) answered \(answer.status) when asked for \(what)\(reason)",
                url: answer.url, status: answer.status, bodyExcerpt: excerpt, graphQLErrors: errors)
        }
        if answer.isHTML {
            throw AemError(
                .htmlResponse,
                "\(configuration.origin) answered \(answer.status) with an HTML page instead of \(what): a proxy, CDN or login page answered in place of AEM.",
                url: answer.url, status: answer.status, bodyExcerpt: excerpt)
        }
    }

    private func persistFailure(_ answer: AemAnswer, path: String, replacing: Bool) -> AemError {
        let origin = configuration.origin
        let errors = answer.managementErrors
        let excerpt = answer.excerpt(configuration.scrubber)
        func error(_ kind: AemError.Kind, _ message: String) -> AemError {
            AemError(kind, message, url: answer.url, status: answer.status, bodyExcerpt: excerpt, graphQLErrors: errors)
        }
        let notAllowed = error(
            .persistingNotAllowed,
            "\(origin) does not store persisted queries (\(answer.status)): a publish service is read-only. Persist on the author service, whose queries reach publish when published."
        )
        switch answer.status {
        case 401:
            return StatusFailure(subject: .query(path: path), origin: origin, url: answer.url, sentCredentials: true)
                .error(status: 401, bodyExcerpt: excerpt)
        case 403:
            return error(
                .persistingNotAllowed,
                "\(origin) refused to store \(path) (403): a publish service is read-only, and on author the user needs the right to change /conf. Persist on author with such a user."
            )
        case 405, 501:
            return notAllowed
        case 409:
            return error(
                .queryAlreadyExists, "A persisted query \(path) already exists on \(origin); update it instead.")
        case 404:
            // Only an update can miss its query; a 404 without AEM's JSON is a missing endpoint.
            return replacing && !errors.isEmpty && !answer.isHTML
                ? error(
                    .queryNotFound, "There is no persisted query \(path) on \(origin) to update; create it instead.")
                : notAllowed
        default:
            break
        }
        if answer.isHTML, answer.status < 500 {
            return error(
                .htmlResponse,
                "\(origin) answered \(answer.status) with an HTML page instead of storing \(path): a proxy, CDN or login page answered in place of AEM."
            )
        }
        if !replacing, errors.contains(where: { $0.description.lowercased().contains("already exist") }) {
            return error(
                .queryAlreadyExists, "A persisted query \(path) already exists on \(origin); update it instead.")
        }
        if let first = errors.first {
            return error(.queryRejected, "\(origin) refused the query \(path): \(first)")
        }
        return error(
            .httpStatus,
            "\(origin) answered \(answer.status) instead of storing \(path)\(answer.status >= 500 ? ": the server failed; try again later." : ".")"
        )
    }
}
