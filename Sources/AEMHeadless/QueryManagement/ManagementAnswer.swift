import Foundation

/// A whole answer of one of AEM's query-management endpoints (`list.json`, `persist.json`), and
/// what it says beyond its status.
struct ManagementAnswer: Sendable {
    var status: Int
    var headers: AemHTTPHeaders
    var body: Data
    var url: URL

    /// The body as JSON, or nil when it is not JSON.
    var json: UntypedJSON? { try? UntypedJSON(parsing: body) }

    /// An HTML page (a proxy, a login page, an error page) in place of JSON.
    var isHTML: Bool {
        if let type = headers["Content-Type"]?.lowercased(), type.contains("html") { return true }
        return body.first { ![0x20, 0x0A, 0x0D, 0x09].contains($0) } == UInt8(ascii: "<")
    }

    /// The GraphQL-style `errors` of a JSON body, or one error with its `message` when it has
    /// only that.
    var errors: [GraphQLError] {
        guard let json else { return [] }
        if let list = json["errors"]?.arrayValue {
            return list.compactMap { try? JSONDecoder().decode(GraphQLError.self, from: Data($0.jsonBytes())) }
        }
        return json["message"]?.stringValue.map { [GraphQLError(message: $0)] } ?? []
    }

    func excerpt(_ scrubber: SecretScrubber) -> String {
        AemError.excerpt(of: body, scrubbing: scrubber)
    }
}

extension Aem {
    /// GETs a query-management URL (with retries) and reads its whole answer.
    func managementGet(_ url: URL) async throws -> ManagementAnswer {
        let response = try await get(url, headers: ["Accept": "application/json"])
        return ManagementAnswer(
            status: response.status, headers: response.headers,
            body: try await readManagementBody(response, url: url), url: url)
    }

    /// Sends a request that changes something once (no retry: it may have been applied) and
    /// reads its whole answer.
    func managementSend(_ method: String, _ url: URL, body: Data, contentType: String) async throws -> ManagementAnswer
    {
        let response: AemHTTPResponse
        do {
            response = try await sendSigned(
                url, method: method, body: body,
                headers: ["Accept": "application/json", "Content-Type": contentType], attempt: 1)
        } catch let error as AemHTTPTransportError {
            throw networkError(error, url: url)
        }
        return ManagementAnswer(
            status: response.status, headers: response.headers,
            body: try await readManagementBody(response, url: url), url: url)
    }

    private func readManagementBody(_ response: AemHTTPResponse, url: URL) async throws -> Data {
        let limit = configuration.maxResponseBytes
        do {
            return try await response.body.collect(upTo: limit)
        } catch let error as BodyTooLargeError {
            throw AemError(
                .bodyTooLarge, "The answer from \(configuration.origin) is larger than the limit of \(limit) bytes.",
                url: url, status: response.status, underlyingError: error)
        } catch let error as AemHTTPTransportError {
            throw networkError(error, url: url)
        }
    }

    /// The URL of `path` (already percent-encoded) on the configured origin.
    func managementURL(_ path: String) -> URL {
        // The origin was validated and the path holds only unreserved characters, escapes and "/".
        guard let url = URL(string: configuration.origin.description + path) else {
            preconditionFailure("Not a URL: \(configuration.origin)\(path)")
        }
        return url
    }
}
