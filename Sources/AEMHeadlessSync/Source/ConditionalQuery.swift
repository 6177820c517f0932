import AEMHeadless
import Foundation

/// Runs a persisted query for a sync: conditionally on a page's validators, answered as
/// `UntypedJSON` so that items keep the member order and number text AEM sent.
struct ConditionalQuery: Sendable {
    let aem: Aem

    /// A complete answer with its validators.
    struct Answer {
        let result: GraphQLResult<UntypedJSON>
        let data: UntypedJSON
        let validator: PageValidator?
    }

    /// Fetches the query; nil when the server answered 304 to a conditional request.
    ///
    /// - Throws: `AemError` for anything but a complete GraphQL answer: any status but 200 (and
    ///   304 when asked), a body that is not JSON, or GraphQL errors — even beside data, since a
    ///   page with items left out must not make the store drop them.
    func fetch(_ query: PersistedQuery<UntypedJSON>, validator: PageValidator? = nil) async throws -> Answer? {
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
                .bodyTooLarge, "The answer to \(query.path) is larger than the limit of \(limit) bytes.",
                url: url, status: response.status, underlyingError: error)
        }
        // The library's decoder names what is wrong with an answer that is not GraphQL (status, HTML, shape).
        let result = try aem.decode(query, body: body, status: response.status, headers: response.headers)
        if let first = result.errors.first {
            throw AemError(
                .graphQLErrors,
                "AEM answered \(query.path) with errors: \(first.message); nothing of this page was stored.",
                url: url, status: response.status, graphQLErrors: result.errors)
        }
        guard response.status == 200, let data = result.data else {
            throw AemError(
                .invalidResponse, "AEM answered \(query.path) with status \(response.status) and no data.",
                url: url, status: response.status)
        }
        return Answer(
            result: result, data: data,
            validator: PageValidator.from(
                etag: response.headers["ETag"], lastModified: response.headers["Last-Modified"]))
    }
}

extension ConditionalQuery {
    /// One page of a paged query for a sync, asked conditionally: nil validators send a plain
    /// request. `item` turns each item of the page into a list item; nil leaves one out.
    func page(
        _ request: QueryPageRequest, validator: PageValidator?, item: (UntypedJSON) throws -> SyncListItem?
    ) async throws -> PageAnswer {
        guard let answer = try await fetch(request.query, validator: validator) else { return .notModified }
        let page = try request.read(answer.result)
        return .page(
            SyncPage(items: try page.items.compactMap(item), nextCursor: page.next, validator: answer.validator))
    }
}
