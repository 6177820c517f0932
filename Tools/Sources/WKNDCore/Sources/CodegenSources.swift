import AEMHeadless
import Foundation

/// Reads what `wknd codegen` generates from off an AEM service: a configuration's schema as SDL
/// (`GET /content/cq:graphql/<conf>/endpoint.GQLschema`) and the stored queries' text
/// (`Aem.persistedQueries`).
package struct CodegenSources: Sendable {
    package let aem: Aem

    package init(aem: Aem) { self.aem = aem }

    /// One stored query: `conf/name` and its GraphQL text.
    package struct StoredQuery: Sendable {
        package var path: String
        package var text: String

        package init(path: String, text: String) {
            self.path = path
            self.text = text
        }
    }

    /// The schema of `configuration` as SDL.
    /// - Parameter otherwise: what else to do when the service does not answer it, for the failure's message.
    package func schema(
        of configuration: String, otherwise: String = "give the text from a file with --schema or --query-file"
    ) async throws -> String {
        do {
            return try await aem.graphQLSchema(configuration: configuration)
        } catch var error as AemError where error.status != nil {
            error.message += " Check the host and the credentials, or \(otherwise)."
            throw error
        }
    }

    /// The stored queries of `configuration`, or of every configuration when nil, sorted by path;
    /// those listed without their text are left out.
    package func queries(in configuration: String?) async throws -> [StoredQuery] {
        try await aem.persistedQueries(configuration: configuration).compactMap { entry in
            entry.text.map { StoredQuery(path: entry.path, text: $0) }
        }.sorted { $0.path < $1.path }
    }
}
