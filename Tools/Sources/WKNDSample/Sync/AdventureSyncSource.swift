import AEMHeadless
import AEMHeadlessSync
import Foundation

/// The WKND adventures as a sync source: a list query pages through them, and
/// `wknd-shared/adventure-by-path` reads each one in full, rich text and `_references` included.
///
/// The list query is `wknd-shared/adventures-paginated` (Relay cursors, up to 100 a page) where
/// the service stores it, else `wknd-shared/adventures-all` paged by `offset` and `limit`, as
/// Adobe's WKND Shared package stores only that one; `finding(aem:pageSize:image:)` asks the
/// service which it has.
///
/// The store keeps an adventure as the `adventureByPath` object AEM sent (`{"item": …,
/// "_references": […]}`), which `ContentStore` reads back as `AdventureDetail`. Its images are
/// the primary image and every image among the references; the adventures among the references
/// are read again when they change. Where the list query already selects everything `adventure-by-path` does (the
/// same fields with the same arguments, and no `_references`), each adventure is stored as it is listed, without a
/// request of its own; `finding(aem:pageSize:image:)` compares the two stored texts.
public struct AdventureSyncSource: SyncSource {
    /// The stored query that pages through adventures by cursor.
    public static let paginatedPath = "wknd-shared/adventures-paginated"
    /// The stored query that lists adventures by offset, where there is no paginated one.
    public static let listPath = WKNDQueries.adventuresAllPath
    /// The stored query that reads one adventure in full.
    public static let byPathPath = "wknd-shared/adventure-by-path"
    /// The model name stored with each adventure.
    public static let model = "Adventure"

    /// Which stored query lists the adventures.
    public enum Listing: Sendable, Hashable {
        /// `wknd-shared/adventures-paginated`, by Relay cursor.
        case paginated
        /// `wknd-shared/adventures-all`, by `offset` and `limit`.
        case list

        var path: String { self == .paginated ? AdventureSyncSource.paginatedPath : AdventureSyncSource.listPath }
        var style: PagingStyle { self == .paginated ? .cursor : .offset }
    }

    private let query: ConditionalQuery
    /// Adventures asked for per page (1–100).
    public let pageSize: Int
    /// How AEM renders the images, as in the other WKND queries.
    public let image: ImageTransform
    /// The stored query that lists the adventures.
    public let listing: Listing
    /// The language copy mirrored, when one is asked for: the list query gets it as its `locale` variable
    /// (for its `_locale` argument), and list items of other language copies are left out, for a query that
    /// does not filter by locale. Nil mirrors whatever the list query lists.
    public let locale: ContentLocale?
    /// The variables `adventure-by-path` is given the adventure's path in: the one its text
    /// declares when it is known, else both names in use (AEM drops undeclared variables).
    let pathVariables: [String]
    /// What makes a list entry the adventure as stored, when the list query holds it whole; nil reads each by path.
    private(set) var completeListing: CompleteListing?

    /// The names of `adventure-by-path`'s path variable: Adobe's WKND Shared package declares
    /// `$adventurePath`, the built-in sample `$path`.
    static let pathVariableNames = ["adventurePath", "path"]

    public init(
        aem: Aem, pageSize: Int = 100, image: ImageTransform = .defaults, listing: Listing = .paginated,
        locale: ContentLocale? = nil
    ) {
        self.init(
            aem: aem, pageSize: pageSize, image: image, listing: listing, locale: locale,
            pathVariables: Self.pathVariableNames, completeListing: nil)
    }

    private init(
        aem: Aem, pageSize: Int, image: ImageTransform, listing: Listing, locale: ContentLocale?,
        pathVariables: [String], completeListing: CompleteListing?
    ) {
        query = ConditionalQuery(aem: aem)
        self.pageSize = min(100, max(1, pageSize))
        self.image = image
        self.listing = listing
        self.locale = locale
        self.pathVariables = pathVariables
        self.completeListing = completeListing
    }

    /// The same source for `locale`'s language copy.
    public func `in`(_ locale: ContentLocale) -> AdventureSyncSource {
        AdventureSyncSource(
            aem: query.aem, pageSize: pageSize, image: image, listing: listing, locale: locale,
            pathVariables: pathVariables, completeListing: completeListing)
    }

    /// The source with the list query the service stores: `adventures-paginated` when it is
    /// there, else `adventures-all`.
    ///
    /// The service's list of stored queries says which, and with their texts whether the list query holds each
    /// adventure whole; where it cannot be read (a service that does not list its queries), each query is asked for
    /// its first adventure, and each adventure is read by path.
    /// - Throws: `AemError` of kind `.queryNotFound` naming both queries when the service has
    ///   neither, or as the requests fail.
    public static func finding(
        aem: Aem, pageSize: Int = 100, image: ImageTransform = .defaults
    ) async throws -> AdventureSyncSource {
        let stored: (String) async throws -> Bool
        var pathVariables = pathVariableNames
        var texts: [String: String] = [:]
        do {
            let entries = try await aem.persistedQueries(configuration: "wknd-shared")
            let names = Set(entries.map(\.path))
            stored = { names.contains($0) }
            for entry in entries { texts[entry.path] = entry.text }
            if let byPath = entries.first(where: { $0.path == byPathPath }), byPath.text != nil {
                pathVariables = pathVariableNames.filter(byPath.variableNames.contains)
            }
        } catch let error as AemError where error.kind != .network && error.kind != .timedOut {
            stored = { try await isStored($0, on: aem) }
        }
        for listing in [Listing.paginated, .list] {
            if try await stored(listing.path) {
                var source = AdventureSyncSource(
                    aem: aem, pageSize: pageSize, image: image, listing: listing, locale: nil,
                    pathVariables: pathVariables.isEmpty ? pathVariableNames : pathVariables, completeListing: nil)
                if let byPathText = texts[byPathPath], let listText = texts[listing.path] {
                    source.completeListing = CompleteListing(
                        byPath: byPathText, key: byPathKey, variables: source.byPathVariables(path: nil),
                        list: listText, variables: source.listVariables)
                }
                return source
            }
        }
        throw AemError(
            .queryNotFound,
            "\(aem.configuration.origin) stores neither \(paginatedPath) nor \(listPath), the queries that list the WKND adventures. Persist one of them there, or mirror another query with --query."
        )
    }

    /// Whether the service answers the stored query `path` (asked for one item) as one it stores: anything but
    /// "no such query".
    private static func isStored(_ path: String, on aem: Aem) async throws -> Bool {
        let probe = PersistedQuery<UntypedJSON>(path, variables: [path == paginatedPath ? "first" : "limit": 1])
        do {
            _ = try await aem.execute(probe, policy: .fetchIgnoringCacheData)
            return true
        } catch let error as AemError where error.kind == .queryNotFound {
            return false
        } catch let error as AemError where error.kind != .network && error.kind != .timedOut {
            return true
        }
    }

    /// The WKND adventures with these image variables, whichever query lists them: a folder
    /// mirrored through one list query is kept current through the other.
    public var identity: String {
        // The page size is left out: it changes the pages, not what is mirrored.
        PersistedQuery<UntypedJSON>(Self.paginatedPath, variables: listVariables).requestPath
    }

    public func page(after cursor: String?, validator: PageValidator?) async throws -> PageAnswer {
        let list = PersistedQuery<UntypedJSON>(listing.path, variables: listVariables)
        return try await query.page(
            of: list, style: listing.style, pageSize: pageSize, after: cursor, validator: validator
        ) { node in
            // A node without a path (null, as AEM sends for items it could not resolve) is left out, and so is
            // one of another language copy than the one asked for.
            guard let path = node["_path"]?.stringValue, !path.isEmpty else { return nil }
            if let locale, ContentLocale(ofPath: path) != locale { return nil }
            let complete = completeListing.flatMap { Self.detail(ofByPathAnswer: $0.byPathAnswer(for: node))?.detail }
            return SyncListItem(
                path: path, slug: node["slug"]?.stringValue, model: Self.model, json: Data(node.jsonBytes()),
                complete: complete)
        }
    }

    public func detail(of item: SyncListItem) async throws -> SyncItemDetail? {
        try await read(atPath: item.path, fresh: false)?.detail
    }

    /// The adventure read by path with `Cache-Control: no-cache`; absent when the event names a fragment of another
    /// model or language copy, or AEM has no adventure at the path.
    public func read(_ changed: ChangedFragment) async throws -> ChangedFragmentRead {
        if let locale, ContentLocale(ofPath: changed.path) != locale { return .absent }
        if let model = changed.modelPath, !model.hasSuffix(Self.modelPathSuffix) { return .absent }
        let found: (detail: SyncItemDetail, slug: String?)?
        do {
            found = try await read(atPath: changed.path, fresh: true)
        } catch let error as AemError where error.kind == .graphQLErrors {
            // AEM answers a path that holds no adventure (deleted, unpublished) with an error beside null data.
            return .absent
        }
        guard let (detail, slug) = found else { return .absent }
        return .item(SyncListItem(path: changed.path, slug: slug, model: Self.model, json: Data()), detail)
    }

    /// How the path of the adventures' model ends (`/conf/<configuration>/settings/dam/cfm/models/adventure`).
    static let modelPathSuffix = "/models/adventure"

    /// The adventure at `path` as the store keeps it, with its slug; nil when there is none.
    private func read(atPath path: String, fresh: Bool) async throws -> (detail: SyncItemDetail, slug: String?)? {
        let query = PersistedQuery<UntypedJSON>(Self.byPathPath, variables: byPathVariables(path: path))
        guard let byPath = try await self.query.fetch(query, fresh: fresh)?.data[Self.byPathKey] else { return nil }
        return Self.detail(ofByPathAnswer: byPath)
    }

    /// The member of `adventure-by-path`'s data that holds the adventure.
    static let byPathKey = "adventureByPath"

    /// `adventure-by-path`'s variables for the adventure at `path`, in each variable it may be declared as.
    private func byPathVariables(path: String?) -> [String: QueryVariable?] {
        var variables = WKNDQueries.imageVariables(image, includeSeoName: true)
        for name in pathVariables { variables[name] = path.map(QueryVariable.string) }
        return variables
    }

    /// An adventure as the store keeps it, from `adventure-by-path`'s answer (`{"item": …, "_references": […]}`), with
    /// its slug; nil when the answer holds no adventure.
    private static func detail(ofByPathAnswer byPath: UntypedJSON) -> (detail: SyncItemDetail, slug: String?)? {
        guard let adventure = byPath["item"], adventure.members != nil else { return nil }
        var locations: [String] = []
        if let primary = adventure["primaryImage"], let location = Self.location(of: primary) {
            locations.append(location)
        }
        var referenced: [String] = []
        for reference in byPath["_references"]?.arrayValue ?? [] where reference.members != nil {
            if reference["__typename"]?.stringValue == AdventureReference.imageTypename {
                if let location = Self.location(of: reference), !locations.contains(location) {
                    locations.append(location)
                }
            } else if let path = reference["_path"]?.stringValue {
                referenced.append(path)
            }
        }
        let detail = SyncItemDetail(
            json: Data(byPath.jsonBytes()), imageLocations: locations, referencedPaths: referenced)
        return (detail, adventure["slug"]?.stringValue)
    }

    /// Where an image reference is loaded from, by `ImageReference`'s rule (`_dynamicUrl`, else `_path`).
    static func location(of reference: UntypedJSON) -> String? {
        ImageReference(path: reference["_path"]?.stringValue, dynamicUrl: reference["_dynamicUrl"]?.stringValue)
            .location
    }

    /// The list query's variables: the `_assetTransform` ones of the WKND queries (nil options keep the stored
    /// defaults), and `locale` when one is asked for.
    private var listVariables: [String: QueryVariable?] {
        var variables = WKNDQueries.imageVariables(image, includeSeoName: false)
        variables["locale"] = locale.map { .string($0.aemCode) }
        return variables
    }
}
