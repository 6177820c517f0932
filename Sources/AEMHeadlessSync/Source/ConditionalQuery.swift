import AEMHeadless
import Foundation

/// Runs a persisted query for a sync: conditionally on a page's validators, answered as
/// untyped JSON so that items can be kept as AEM sent them.
struct ConditionalQuery: Sendable {
    let aem: Aem

    /// The `data` of a complete answer with its validators, or nil for 304 Not Modified.
    struct Answer {
        let data: [String: Any]
        let validator: PageValidator?
    }

    /// Fetches the query; nil when the server answered 304 to a conditional request.
    ///
    /// - Throws: `AemError` for anything but a complete GraphQL answer: any status but 200 (and
    ///   304 when asked), a body that is not JSON, or GraphQL errors — even beside data, since a
    ///   page with items left out must not make the store drop them.
    func fetch(_ path: String, variables: [String: QueryVariable?], validator: PageValidator? = nil) async throws
        -> Answer?
    {
        let query = PersistedQuery<JSONValue>(path, variables: variables)
        let url = query.url(on: aem.configuration.origin)
        var headers: AemHTTPHeaders = ["Accept": "application/json"]
        if let etag = validator?.etag { headers.set(name: "If-None-Match", value: etag) }
        if let lastModified = validator?.lastModified { headers.set(name: "If-Modified-Since", value: lastModified) }
        let response = try await aem.get(url, headers: headers)
        if response.status == 304, validator != nil {
            do { for try await _ in response.body {} } catch {}
            return nil
        }
        let limit = aem.configuration.maxResponseBytes
        let body: Data
        do {
            body = try await response.body.collect(upTo: limit)
        } catch let error as BodyTooLargeError {
            throw AemError(
                .bodyTooLarge, "The answer to \(path) is larger than the limit of \(limit) bytes.",
                url: url, status: response.status, underlyingError: error)
        }
        if response.status == 200, let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            object["errors"] == nil || (object["errors"] as? [Any])?.isEmpty == true,
            let data = object["data"] as? [String: Any]
        {
            return Answer(
                data: data,
                validator: PageValidator.from(
                    etag: response.headers["ETag"],
                    lastModified: response.headers["Last-Modified"]))
        }
        // Not a clean answer: the library's decoder names what is wrong (status, HTML, JSON shape)…
        let result = try aem.decode(query, body: body, status: response.status, headers: response.headers)
        // …or it was GraphQL errors.
        let first = result.errors.first.map { ": \($0.message)" } ?? ""
        throw AemError(
            .graphQLErrors, "AEM answered \(path) with errors\(first); nothing of this page was stored.",
            url: url, status: response.status, graphQLErrors: result.errors)
    }
}
