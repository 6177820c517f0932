import AEMHeadless
import Foundation

/// Reads what `wknd codegen` generates from off an AEM service: a configuration's schema as SDL
/// (`GET /content/cq:graphql/<conf>/endpoint.GQLschema`) and the stored queries' text
/// (`Aem.persistedQueries`).
struct CodegenSources: Sendable {
    let aem: Aem

    /// The largest schema or query list read.
    static let maximumBytes = 32 * 1024 * 1024

    /// One stored query: `conf/name` and its GraphQL text.
    struct StoredQuery: Sendable {
        var path: String
        var text: String
    }

    /// The schema of `configuration` as SDL.
    func schema(of configuration: String) async throws -> String {
        let path = "/content/cq:graphql/\(Self.encoded(configuration))/endpoint.GQLschema"
        let body = try await read(path, what: "the schema of \(configuration)")
        return String(decoding: body, as: UTF8.self)
    }

    /// The stored queries of `configuration`, or of every configuration when nil, sorted by path;
    /// those listed without their text are left out.
    func queries(in configuration: String?) async throws -> [StoredQuery] {
        try await aem.persistedQueries(configuration: configuration).compactMap { entry in
            entry.text.map { StoredQuery(path: entry.path, text: $0) }
        }.sorted { $0.path < $1.path }
    }

    private func read(_ path: String, what: String) async throws -> Data {
        guard let url = aem.configuration.origin.url(forPath: path) else {
            throw Failure(.configuration, "Cannot make a URL for \(path) on \(aem.configuration.origin).")
        }
        let response = try await aem.get(url, headers: ["Accept": "application/json, text/plain, */*"])
        let body = try await response.body.collect(upTo: Self.maximumBytes)
        guard response.status == 200 else {
            let status: ExitStatus = response.status == 401 || response.status == 403 ? .authentication : .unavailable
            throw Failure(
                status,
                "AEM answered \(response.status) for \(what) (\(path)). Check the host and the credentials, or give the text from a file with --schema or --query-file."
            )
        }
        return body
    }

    /// A configuration name as one path segment.
    private static func encoded(_ name: String) -> String {
        var allowed = CharacterSet(charactersIn: "-._~")
        allowed.formUnion(CharacterSet(charactersIn: "a"..."z"))
        allowed.formUnion(CharacterSet(charactersIn: "A"..."Z"))
        allowed.formUnion(CharacterSet(charactersIn: "0"..."9"))
        return name.addingPercentEncoding(withAllowedCharacters: allowed) ?? name
    }
}
