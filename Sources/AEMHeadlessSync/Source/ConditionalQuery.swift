import AEMHeadless
import Foundation

/// Runs a persisted query for a sync source: conditionally on a page's validators, or fresh past every cache, and
/// answered as `UntypedJSON` so that items keep the member order and number text AEM sent. The building block of a
/// `SyncSource` of one's own over persisted queries, as `QuerySyncSource` is built on it.
public struct ConditionalQuery: Sendable {
    /// The client the queries are sent with.
    public let aem: Aem

    /// Queries sent with `aem`, past its response cache.
    public init(aem: Aem) { self.aem = aem }

    /// A complete answer with its validators.
    public struct Answer: Sendable {
        /// The whole result.
        public let result: GraphQLResult<UntypedJSON>
        /// Its data, which a complete answer has.
        public let data: UntypedJSON
        /// The answer's `ETag` and `Last-Modified`, to ask conditionally next time.
        public let validator: PageValidator?
    }

    /// Fetches the query; nil when the server answered 304 to a conditional request.
    ///
    /// - Throws: `AemError` for anything but a complete GraphQL answer: any status but 200 (and
    ///   304 when asked), a body that is not JSON, or GraphQL errors — even beside data, since a
    ///   page with items left out must not make the store drop them.
    /// - Parameter fresh: ask with `Cache-Control: no-cache`, so that no cache between answers with an older copy.
    public func fetch(_ query: PersistedQuery<UntypedJSON>, validator: PageValidator? = nil, fresh: Bool = false)
        async throws -> Answer?
    {
        let url = query.url(on: aem.configuration.origin)
        var headers = AemHTTPHeaders()
        headers.setConditions(etag: validator?.etag, lastModified: validator?.lastModified)
        if fresh { headers.set(name: "Cache-Control", value: "no-cache") }
        let answer = try await aem.answer(url, headers: headers)
        if answer.status == 304, validator != nil { return nil }
        // The library's decoder names what is wrong with an answer that is not GraphQL (status, HTML, shape).
        let result = try aem.decode(query, answer: answer)
        if let first = result.errors.first {
            throw AemError(
                .graphQLErrors,
                "AEM answered \(query.path) with errors: \(first.message); nothing of this page was stored.",
                url: url, status: answer.status, graphQLErrors: result.errors)
        }
        guard answer.status == 200, let data = result.data else {
            throw AemError(
                .invalidResponse, "AEM answered \(query.path) with status \(answer.status) and no data.",
                url: url, status: answer.status)
        }
        return Answer(
            result: result, data: data,
            validator: PageValidator.from(
                etag: answer.headers["ETag"], lastModified: answer.headers["Last-Modified"]))
    }
}

extension ConditionalQuery {
    /// The page of `query` (paged in `style`, `pageSize` items a page) that starts at `cursor` (nil for the first),
    /// asked conditionally: nil validators send a plain request. `item` turns each item of the page into a list
    /// item; nil leaves one out. The page's `nextCursor` is where the next starts.
    public func page(
        of query: PersistedQuery<UntypedJSON>, style: PagingStyle, pageSize: Int, after cursor: String?,
        validator: PageValidator?, item: (UntypedJSON) throws -> SyncListItem?
    ) async throws -> PageAnswer {
        let request = QueryPageRequest(
            path: query.path, variables: query.variables, style: style, pageSize: pageSize, start: cursor)
        guard let answer = try await fetch(request.query, validator: validator) else { return .notModified }
        let page = try request.read(answer.result)
        return .page(
            SyncPage(items: try page.items.compactMap(item), nextCursor: page.next, validator: answer.validator))
    }
}
