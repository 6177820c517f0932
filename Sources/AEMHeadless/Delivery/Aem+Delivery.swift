import Foundation

/// AEM's Content Fragment Delivery API with OpenAPI (`/adobe/contentFragments`, on publish and
/// preview): fragments listed under a folder, and one fragment by id or by path, with what it
/// references. Every read goes through the same answer pipeline as persisted queries: retries,
/// the body-size limit, credentials only to the origin, and errors as `AemError` (a 404 is
/// `.notFound`; Problem Details are read into the message).
extension Aem {
    /// The page sizes the fragment list takes, 1…50.
    public static let fragmentPageSizes = DeliveryEndpoints.pageSizes

    /// The fragments below `path` (sub-folders included; the one fragment when `path` names a
    /// fragment; every fragment the caller may read when nil), page by page as they are iterated.
    /// - Throws: `AemError` `.invalidRequest` at once, before anything is sent, when `path` is not
    ///   under `/content/dam/` or ends with `/`, or `pageSize` is outside 1…50; each page as
    ///   `fragmentPage(under:pageSize:cursor:)` does.
    public func fragments(under path: String? = nil, pageSize: Int = 50) throws(AemError) -> FragmentPages {
        _ = try DeliveryEndpoints.list(under: path, pageSize: pageSize, cursor: nil)
        return FragmentPages { cursor in try await fragmentPage(under: path, pageSize: pageSize, cursor: cursor) }
    }

    /// The same pages read through `cache` under `policy`.
    public func fragments(
        under path: String? = nil, pageSize: Int = 50, cache: any ResponseCache, policy: CachePolicy = .useHTTPSemantics
    ) throws(AemError) -> FragmentPages {
        _ = try DeliveryEndpoints.list(under: path, pageSize: pageSize, cursor: nil)
        return FragmentPages { cursor in
            try await fragmentPage(under: path, pageSize: pageSize, cursor: cursor, cache: cache, policy: policy).value
        }
    }

    /// One page of the fragment list: the first, or the one `cursor` (from the page before) names.
    /// - Throws: `AemError`, or `CancellationError`.
    public func fragmentPage(under path: String? = nil, pageSize: Int = 50, cursor: String? = nil) async throws
        -> FragmentPage
    {
        try await read(DeliveryEndpoints.list(under: path, pageSize: pageSize, cursor: cursor))
    }

    /// One page of the fragment list through `cache` under `policy`.
    public func fragmentPage(
        under path: String? = nil, pageSize: Int = 50, cursor: String? = nil, cache: any ResponseCache,
        policy: CachePolicy = .useHTTPSemantics
    ) async throws -> Cached<FragmentPage> {
        try await read(
            DeliveryEndpoints.list(under: path, pageSize: pageSize, cursor: cursor), cache: cache, policy: policy)
    }

    /// One page of the fragment list asked conditionally on the validators it had last time
    /// (`If-None-Match`, `If-Modified-Since`), with the answer's headers for next time; nil when
    /// the server answered 304. For a mirror's pages.
    package func fragmentPage(
        under path: String?, pageSize: Int, cursor: String?, ifNoneMatch etag: String?,
        ifModifiedSince lastModified: String?
    ) async throws -> (page: FragmentPage, headers: AemHTTPHeaders)? {
        let request = try DeliveryEndpoints.list(under: path, pageSize: pageSize, cursor: cursor)
        var headers = AemHTTPHeaders()
        headers.setConditions(etag: etag, lastModified: lastModified)
        let answer = try await answer(request.url(on: configuration.origin), headers: headers)
        if answer.status == 304, etag != nil || lastModified != nil { return nil }
        let page = try request.value(from: answer, origin: configuration.origin, scrubber: configuration.scrubber)
        return (page, answer.headers)
    }

    /// The fragment with `id`, with what it references as `references` asks.
    /// - Throws: `AemError` (`.notFound` when there is no such fragment), or `CancellationError`.
    public func fragment(id: String, references: FragmentReferences = .none) async throws -> DeliveredFragment {
        try await read(DeliveryEndpoints.fragment(id: id, references: references))
    }

    /// The fragment at the repository `path`, with what it references as `references` asks.
    /// - Throws: `AemError` (`.notFound` when there is no such fragment, `.invalidRequest` for a
    ///   path not under `/content/dam/`), or `CancellationError`.
    public func fragment(path: String, references: FragmentReferences = .none) async throws -> DeliveredFragment {
        try await read(DeliveryEndpoints.fragment(path: path, references: references))
    }

    /// The fragment with `id` through `cache` under `policy`.
    public func fragment(
        id: String, references: FragmentReferences = .none, cache: any ResponseCache,
        policy: CachePolicy = .useHTTPSemantics
    ) async throws -> Cached<DeliveredFragment> {
        try await read(DeliveryEndpoints.fragment(id: id, references: references), cache: cache, policy: policy)
    }

    /// The fragment at `path` through `cache` under `policy`.
    public func fragment(
        path: String, references: FragmentReferences = .none, cache: any ResponseCache,
        policy: CachePolicy = .useHTTPSemantics
    ) async throws -> Cached<DeliveredFragment> {
        try await read(DeliveryEndpoints.fragment(path: path, references: references), cache: cache, policy: policy)
    }

    /// Checks that `path` is a DAM path the delivery API takes: under `/content/dam/`, without a
    /// trailing `/`.
    /// - Throws: `AemError` `.invalidRequest` saying why not.
    public static func checkDAMPath(_ path: String) throws(AemError) {
        try DeliveryEndpoints.checkFolder(path)
    }

    /// Sends one delivery-API request to the origin and reads its answer.
    /// The fragment with `id` (else at `path`) as the server holds it now: asked with `Cache-Control: no-cache`, so
    /// that no cache between answers with an older copy. For a mirror applying an event.
    package func freshFragment(id: String?, path: String, references: FragmentReferences) async throws
        -> DeliveredFragment
    {
        let request =
            if let id, !id.isEmpty {
                try DeliveryEndpoints.fragment(id: id, references: references)
            } else {
                try DeliveryEndpoints.fragment(path: path, references: references)
            }
        var headers = AemHTTPHeaders()
        headers.set(name: "Cache-Control", value: "no-cache")
        return try await read(request, headers: headers)
    }

    func read<Value>(_ request: DeliveryRequest<Value>, headers: AemHTTPHeaders = AemHTTPHeaders()) async throws
        -> Value
    {
        let answer = try await answer(request.url(on: configuration.origin), headers: headers)
        return try request.value(from: answer, origin: configuration.origin, scrubber: configuration.scrubber)
    }

    private func read<Value>(
        _ request: DeliveryRequest<Value>, cache: any ResponseCache, policy: CachePolicy
    ) async throws -> Cached<Value> {
        let (origin, scrubber) = (configuration.origin, configuration.scrubber)
        return try await CachedRequest(aem: self, url: request.url(on: origin), cache: cache) { answer in
            try request.value(from: answer, origin: origin, scrubber: scrubber)
        }
        .run(policy)
    }
}
