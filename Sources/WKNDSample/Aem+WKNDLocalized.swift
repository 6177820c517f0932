import AEMHeadless

/// The WKND adventures in the locales of a chain, read through the client's cache under `policy`
/// (the client's when nil).
extension Aem {
    /// One page of the adventures of `locale`'s language copy, with `wknd-shared/adventures-by-locale`.
    ///
    /// - Parameters: as `adventures(offset:limit:sort:image:)`.
    /// - Throws: `AemError` (`.queryNotFound`, saying so, when the service stores no `adventures-by-locale`),
    ///   or `CancellationError`.
    public func adventures(
        locale: ContentLocale, offset: Int? = nil, limit: Int? = nil, sort: String? = nil,
        image: ImageTransform = .defaults, policy: CachePolicy? = nil
    ) async throws -> Fetched<GraphQLResult<[Adventure]>> {
        try await byLocale {
            try await execute(
                WKNDQueries.adventures(locale: locale, offset: offset, limit: limit, sort: sort, image: image),
                policy: policy
            ).map(\.adventures)
        }
    }

    /// Every adventure in the first locale of `locales` that has it, read page by page with
    /// `wknd-shared/adventures-by-locale`, one locale after the other: a German copy stands in for its English
    /// one when the chain puts `de` first. The order is the last locale's.
    /// - Throws: `AemError` as `adventures(locale:offset:limit:sort:image:)` does, or `CancellationError`.
    /// The answer is as old as its oldest page.
    public func allAdventures(
        locales: LocaleChain, sort: String? = nil, image: ImageTransform = .defaults, pageSize: Int = 50,
        policy: CachePolicy? = nil
    ) async throws -> Fetched<GraphQLResult<[Localized<Adventure>]>> {
        let parts = CachedParts()
        let result = try await allAdventures(locales: locales, sort: sort, image: image, pageSize: pageSize) {
            try await parts.execute($0, on: self, policy: policy)
        }
        return parts.fetched(result)
    }

    private func allAdventures(
        locales: LocaleChain, sort: String?, image: ImageTransform, pageSize: Int,
        read: (PersistedQuery<AdventureListData>) async throws -> GraphQLResult<AdventureListData>
    ) async throws -> GraphQLResult<[Localized<Adventure>]> {
        var lists: [[Adventure]] = []
        var errors: [GraphQLError] = []
        var url = WKNDQueries.adventures(locale: locales.first, sort: sort, image: image).url(on: configuration.origin)
        for locale in locales.locales {
            let result = try await byLocale {
                try await allAdventures(
                    of: WKNDQueries.adventures(locale: locale, sort: sort, image: image), pageSize: pageSize, read: read
                )
            }
            lists.append(result.data ?? [])
            errors += result.errors
            url = result.url
        }
        let merged = locales.merged(lists) { $0.path ?? "" }
        return GraphQLResult(data: merged, errors: errors, queryPath: WKNDQueries.adventuresByLocalePath, url: url)
    }

    /// The adventure whose slug is `slug` in the first locale of `locales` that has it, with
    /// `wknd-shared/adventure-by-slug` and the `locale` variable for each locale in turn. A stored query that
    /// ignores the locale (Adobe's own returns every language copy of the slug) answers in one request.
    ///
    /// **No match is not an error**: `data` is nil when no locale of the chain has the adventure.
    /// - Throws: `AemError` as `adventure(slug:image:)` does, or `CancellationError`.
    /// The answer is as old as its oldest part.
    public func adventure(
        slug: String, locales: LocaleChain, image: ImageTransform = .defaults, policy: CachePolicy? = nil
    ) async throws -> Fetched<GraphQLResult<Localized<AdventureDetail>>> {
        let parts = CachedParts()
        let result = try await adventure(slug: slug, locales: locales, image: image) {
            try await parts.execute($0, on: self, policy: policy)
        }
        return parts.fetched(result)
    }

    private func adventure(
        slug: String, locales: LocaleChain, image: ImageTransform,
        read: (PersistedQuery<AdventureListData>) async throws -> GraphQLResult<AdventureListData>
    ) async throws -> GraphQLResult<Localized<AdventureDetail>> {
        var found: [AdventureDetail] = []
        var errors: [GraphQLError] = []
        var url = WKNDQueries.adventureBySlug(slug, locale: locales.first, image: image).url(on: configuration.origin)
        var asked: Set<ContentLocale> = []
        for locale in locales.locales {
            if found.contains(where: { !asked.contains($0.adventure.locale ?? locale) }) {
                break // the query ignores the locale: every copy there is, is in hand
            }
            asked.insert(locale)
            let result = try await read(WKNDQueries.adventureBySlug(slug, locale: locale, image: image))
            guard let list = result.data?.adventureList else { throw result.noDataError() }
            errors += result.errors
            url = result.url
            found += list.items.map { AdventureDetail(adventure: $0, references: list.references ?? []) }
            if found.contains(where: { $0.adventure.locale == locale }) { break }
        }
        let chosen = locales.preferred(found) { $0.adventure.path ?? "" }
        return GraphQLResult(data: chosen, errors: errors, queryPath: WKNDQueries.adventureBySlugPath, url: url)
    }

    /// Runs `read`, naming the missing stored query when the service has no `adventures-by-locale`.
    func byLocale<Value>(_ read: () async throws -> Value) async throws -> Value {
        do {
            return try await read()
        } catch let error as AemError where error.kind == .queryNotFound {
            throw error.inContext(
                "The service stores no \(WKNDQueries.adventuresByLocalePath), the query that lists one locale's adventures (Adobe's tutorial \"Localized content with AEM Headless\" defines it); store it with `wknd queries persist`. "
            )
        }
    }
}
