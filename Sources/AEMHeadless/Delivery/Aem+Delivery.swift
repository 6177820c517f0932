import Foundation

/// AEM's Content Fragment Delivery API with OpenAPI (`/adobe/contentFragments`, on publish and
/// preview): fragments listed under a folder, and one fragment by id or by path, with what it
/// references. Every read goes through the same answer pipeline as persisted queries: retries,
/// the body-size limit, credentials only to the origin, and errors as `AemError` (a 404 is
/// `.notFound`; Problem Details are read into the message).
extension Aem {
    /// Runs a delivery API request through the cache under `policy` (the client's when nil).
    /// - Throws: `AemError` (`.notFound` when there is no such fragment; Problem Details are read
    ///   into the message) when no cached answer may stand in; `CacheMissError` under
    ///   `.returnCacheDataDontFetch` with nothing cached; `CancellationError`.
    public func execute<Value>(_ request: DeliveryRequest<Value>, policy: CachePolicy? = nil) async throws
        -> Fetched<Value>
    {
        let (origin, scrubber) = (configuration.origin, configuration.scrubber)
        return try await CachedRequest(aem: self, url: request.url(on: origin)) { answer in
            try request.value(from: answer, origin: origin, scrubber: scrubber)
        }
        .run(policy ?? self.policy)
    }

    /// The fragments below `path` (sub-folders included; the one fragment when `path` names a
    /// fragment; every fragment the caller may read when nil), page by page as they are iterated,
    /// each page read under `policy` (the client's when nil) and yielded with where its answer came from.
    /// - Throws: `AemError` `.invalidRequest` at once, before anything is sent, as
    ///   `DeliveryRequest.fragmentPage(under:pageSize:cursor:)` does; each page as `execute` does.
    public func fragments(under path: String? = nil, pageSize: Int = 50, policy: CachePolicy? = nil)
        throws(AemError) -> FragmentPages
    {
        _ = try DeliveryRequest.fragmentPage(under: path, pageSize: pageSize)
        return FragmentPages { cursor in
            try await execute(.fragmentPage(under: path, pageSize: pageSize, cursor: cursor), policy: policy)
        }
    }

    /// One page of the fragment list asked conditionally on the validators it had last time
    /// (`If-None-Match`, `If-Modified-Since`), with the answer's headers for next time; nil when
    /// the server answered 304. For a mirror's pages.
    package func fragmentPage(
        under path: String?, pageSize: Int, cursor: String?, ifNoneMatch etag: String?,
        ifModifiedSince lastModified: String?
    ) async throws -> (page: FragmentPage, headers: AemHTTPHeaders)? {
        let request = try DeliveryRequest.fragmentPage(under: path, pageSize: pageSize, cursor: cursor)
        var headers = AemHTTPHeaders()
        headers.setConditions(etag: etag, lastModified: lastModified)
        let answer = try await answer(request.url(on: configuration.origin), headers: headers)
        if answer.status == 304, etag != nil || lastModified != nil { return nil }
        let page = try request.value(from: answer, origin: configuration.origin, scrubber: configuration.scrubber)
        return (page, answer.headers)
    }

    /// The fragment with `id` (else at `path`) as the server holds it now: asked with `Cache-Control: no-cache`, so
    /// that no cache between answers with an older copy. For a mirror applying an event.
    package func freshFragment(id: String?, path: String, references: FragmentReferences) async throws
        -> DeliveredFragment
    {
        let request =
            if let id, !id.isEmpty {
                try DeliveryRequest.fragment(id: id, references: references)
            } else {
                try DeliveryRequest.fragment(path: path, references: references)
            }
        var headers = AemHTTPHeaders()
        headers.set(name: "Cache-Control", value: "no-cache")
        return try await read(request, headers: headers)
    }

    /// Sends one delivery API request past any cache and reads its answer: for a mirror, which reads fresh.
    package func read<Value>(_ request: DeliveryRequest<Value>, headers: AemHTTPHeaders = AemHTTPHeaders()) async throws
        -> Value
    {
        let answer = try await answer(request.url(on: configuration.origin), headers: headers)
        return try request.value(from: answer, origin: configuration.origin, scrubber: configuration.scrubber)
    }
}
