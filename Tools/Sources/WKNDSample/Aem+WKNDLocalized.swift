import AEMHeadless

/// The WKND adventures in the locales of a chain, read through the client's cache under `policy` (the client's when
/// nil). Each answer is as old as its oldest part.
extension Aem {
    /// Every adventure in the first locale of `locales` that has it, read page by page with
    /// `wknd-shared/adventures-by-locale`, one locale after the other: a German copy stands in for its English
    /// one when the chain puts `de` first. The order is the last locale's.
    /// - Throws: `AemError` (`.queryNotFound`, saying so, when the service stores no `adventures-by-locale`), or
    ///   `CancellationError`.
    public func allAdventures(
        locales: LocaleChain, sort: String? = nil, image: ImageTransform = .defaults, pageSize: Int = 50,
        policy: CachePolicy? = nil
    ) async throws -> Fetched<GraphQLResult<[Localized<Adventure>]>> {
        var lists: [Fetched<GraphQLResult<[Adventure]>>] = []
        for locale in locales.locales {
            let list = WKNDQueries.adventures(locale: locale, sort: sort, image: image)
            lists.append(
                try await WKNDQueries.byLocale { try await allAdventures(of: list, pageSize: pageSize, policy: policy) }
            )
        }
        let merged = locales.merged(lists.map { $0.value.data ?? [] }) { $0.path ?? "" }
        let result = GraphQLResult(
            data: merged, errors: lists.flatMap(\.value.errors), queryPath: WKNDQueries.adventuresByLocalePath,
            url: lists.last?.value.url ?? WKNDQueries.adventures(locale: locales.first).url(on: configuration.origin))
        return Fetched(result, combining: lists)
    }

    /// The adventure whose slug is `slug` in the first locale of `locales` that has it, with
    /// `wknd-shared/adventure-by-slug` and the `locale` variable for each locale in turn. A stored query that
    /// ignores the locale (Adobe's own returns every language copy of the slug) answers in one request.
    ///
    /// **No match is not an error**: `data` is nil when no locale of the chain has the adventure.
    /// - Throws: `AemError` when an answer is not a usable GraphQL response (`.graphQLErrors` when AEM sent errors
    ///   and no list at all), or `CancellationError`.
    public func adventure(
        slug: String, locales: LocaleChain, image: ImageTransform = .defaults, policy: CachePolicy? = nil
    ) async throws -> Fetched<GraphQLResult<Localized<AdventureDetail>>> {
        var answers: [Fetched<GraphQLResult<AdventureListData>>] = []
        var found: [AdventureDetail] = []
        var asked: Set<ContentLocale> = []
        for locale in locales.locales {
            if found.contains(where: { !asked.contains($0.adventure.locale ?? locale) }) {
                break // the query ignores the locale: every copy there is, is in hand
            }
            asked.insert(locale)
            let answer = try await execute(
                WKNDQueries.adventureBySlug(slug, locale: locale, image: image), policy: policy)
            answers.append(answer)
            let list = try answer.value.requireData(\.adventureList)
            found += list.items.map { AdventureDetail(adventure: $0, references: list.references ?? []) }
            if found.contains(where: { $0.adventure.locale == locale }) { break }
        }
        let chosen = locales.preferred(found) { $0.adventure.path ?? "" }
        let result = GraphQLResult(
            data: chosen, errors: answers.flatMap(\.value.errors), queryPath: WKNDQueries.adventureBySlugPath,
            url: answers.last?.value.url
                ?? WKNDQueries.adventureBySlug(slug, locale: locales.first, image: image).url(on: configuration.origin))
        return Fetched(result, combining: answers)
    }
}
