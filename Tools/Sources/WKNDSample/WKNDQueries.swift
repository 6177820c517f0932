import AEMHeadless
import Foundation

/// The persisted queries of the WKND sample app, as typed requests.
///
/// ```swift
/// let result = try await aem.execute(WKNDQueries.adventures(limit: 5, sort: "title ASC"))
/// ```
/// `adventures` and `adventureDetail()` shape their results; `Aem.allAdventures(…)` and
/// `Aem.adventure(slug:locales:…)` read what takes several requests.
public enum WKNDQueries {
    /// The stored query that lists adventures.
    public static let adventuresAllPath = "wknd-shared/adventures-all"
    /// The stored query that finds one adventure by its slug.
    public static let adventureBySlugPath = "wknd-shared/adventure-by-slug"
    /// The stored query that lists one locale's adventures, as Adobe's tutorial "Localized content
    /// with AEM Headless" names it.
    public static let adventuresByLocalePath = "wknd-shared/adventures-by-locale"

    /// `wknd-shared/adventures-all`: a page of adventures with `_path slug title activity price
    /// tripLength primaryImage`.
    ///
    /// - Parameters:
    ///   - offset: how many adventures to skip.
    ///   - limit: the most adventures returned.
    ///   - sort: AEM's sort expression, such as `title ASC` or `price DESC`.
    ///   - image: the image rendition options; nil options take the stored query's defaults.
    /// A nil argument is left out of the request, so the stored query's default applies.
    public static func adventures(
        offset: Int? = nil, limit: Int? = nil, sort: String? = nil,
        image: ImageTransform = .defaults
    ) -> PersistedQuery<AdventureListData> {
        var variables = imageVariables(image, includeSeoName: false)
        variables["offset"] = offset.map(QueryVariable.int)
        variables["limit"] = limit.map(QueryVariable.int)
        variables["sort"] = sort.map(QueryVariable.string)
        return PersistedQuery(adventuresAllPath, variables: variables)
    }

    /// `wknd-shared/adventures-by-locale`: a page of `locale`'s adventures, with the fields of
    /// `adventures(offset:limit:sort:image:)`; the stored query's `$locale` filters `_locale`.
    public static func adventures(
        locale: ContentLocale, offset: Int? = nil, limit: Int? = nil, sort: String? = nil,
        image: ImageTransform = .defaults
    ) -> PersistedQuery<AdventureListData> {
        var variables = adventures(offset: offset, limit: limit, sort: sort, image: image).variables
        variables["locale"] = .string(locale.aemCode)
        return PersistedQuery(adventuresByLocalePath, variables: variables)
    }

    /// `wknd-shared/adventure-by-slug`: the adventures whose slug is `slug` (at most one per
    /// language copy on a well-kept site), with every field and the `_references` of their rich
    /// text. No match is an empty `items` list, not an error.
    ///
    /// `locale` is sent as the `locale` variable, for a stored query that declares it to filter
    /// `_locale`; AEM ignores it otherwise, and Adobe's own query returns every language copy.
    public static func adventureBySlug(
        _ slug: String, locale: ContentLocale? = nil, image: ImageTransform = .defaults
    ) -> PersistedQuery<AdventureListData> {
        var variables = imageVariables(image, includeSeoName: true)
        variables["slug"] = .string(slug)
        variables["locale"] = locale.map { .string($0.aemCode) }
        return PersistedQuery(adventureBySlugPath, variables: variables)
    }

    /// Runs `read`, naming the missing stored query when the service has no `adventures-by-locale`: for a read of
    /// `adventures(locale:…)`.
    public static func byLocale<Value>(_ read: () async throws -> Value) async throws -> Value {
        do {
            return try await read()
        } catch var error as AemError where error.kind == .queryNotFound {
            error.message =
                "The service stores no \(adventuresByLocalePath), the query that lists one locale's adventures (Adobe's tutorial \"Localized content with AEM Headless\" defines it); store it with `wknd queries persist`. "
                + error.message
            throw error
        }
    }

    /// The `_assetTransform` variables of the WKND queries; nil options keep the stored defaults.
    static func imageVariables(_ image: ImageTransform, includeSeoName: Bool) -> [String: QueryVariable?] {
        var variables: [String: QueryVariable?] = [:]
        variables["imageFormat"] = image.format.map { QueryVariable.enumValue($0.graphQLName) }
        variables["imageWidth"] = image.width.map(QueryVariable.int)
        variables["imageQuality"] = image.quality.map(QueryVariable.int)
        if includeSeoName { variables["imageSeoName"] = image.seoName.map(QueryVariable.string) }
        return variables
    }
}

extension GraphQLResult where Value == AdventureListData {
    /// The adventures of a list query's result; `data` is nil when AEM sent no list.
    public var adventures: GraphQLResult<[Adventure]> {
        withData(data?.adventureList?.items)
    }

    /// The by-slug query's result as one adventure: the first match with the response's
    /// `_references`, or `data == nil` when the list came back empty (no adventure has that
    /// slug). GraphQL errors beside a list are kept in `errors`.
    ///
    /// - Throws: `AemError` of kind `.graphQLErrors` when AEM sent errors and no list at all.
    public func adventureDetail() throws(AemError) -> GraphQLResult<AdventureDetail> {
        withData(AdventureDetail(try requireData(\.adventureList)))
    }
}

extension GraphQLResult {
    /// The same result holding `data` in place of its own.
    func withData<T: Sendable>(_ data: T?) -> GraphQLResult<T> {
        GraphQLResult<T>(data: data, errors: errors, queryPath: queryPath, url: url)
    }
}
