import AEMHeadless
import Foundation

/// Reads what `wknd codegen` generates from off an AEM service: a configuration's schema as SDL
/// (`GET /content/cq:graphql/<conf>/endpoint.GQLschema`) and the stored queries' text
/// (`Aem.persistedQueries`).
struct CodegenSources: Sendable {
    let aem: Aem

    /// One stored query: `conf/name` and its GraphQL text.
    struct StoredQuery: Sendable {
        var path: String
        var text: String
    }

    /// The schema of `configuration` as SDL.
    /// - Parameter otherwise: what else to do when the service does not answer it, for the failure's message.
    func schema(
        of configuration: String, otherwise: String = "give the text from a file with --schema or --query-file"
    ) async throws -> String {
        let path = "/content/cq:graphql/\(Self.encoded(configuration))/endpoint.GQLschema"
        let body = try await read(path, what: "the schema of \(configuration)", otherwise: otherwise)
        return String(decoding: body, as: UTF8.self)
    }

    /// The stored queries of `configuration`, or of every configuration when nil, sorted by path;
    /// those listed without their text are left out.
    func queries(in configuration: String?) async throws -> [StoredQuery] {
        try await aem.persistedQueries(configuration: configuration).compactMap { entry in
            entry.text.map { StoredQuery(path: entry.path, text: $0) }
        }.sorted { $0.path < $1.path }
    }

    /// The body of `path` on the service, through the client's answer pipeline (retries, the
    /// size limit, transport failures as `AemError`).
    private func read(_ path: String, what: String, otherwise: String) async throws -> Data {
        guard let url = aem.configuration.origin.url(forPath: path) else {
            throw Failure(.configuration, "Cannot make a URL for \(path) on \(aem.configuration.origin).")
        }
        let answer = try await aem.answer(url, headers: ["Accept": "application/json, text/plain, */*"])
        guard answer.status == 200 else {
            let status: ExitStatus = answer.status == 401 || answer.status == 403 ? .authentication : .unavailable
            throw Failure(
                status,
                "AEM answered \(answer.status) for \(what) (\(path)). Check the host and the credentials, or \(otherwise)."
            )
        }
        if answer.isHTML {
            throw Failure(
                .badResponse,
                "AEM answered \(what) (\(path)) with an HTML page: a proxy, CDN or login page answered in place of AEM. Check the host and the credentials."
            )
        }
        return answer.body
    }

    /// A configuration name as one path segment.
    private static func encoded(_ name: String) -> String {
        PercentEncoding.encodeUnreserved(name)
    }
}
