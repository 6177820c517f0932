import AEMHeadless
import Foundation

/// Any list or paginated persisted query as a sync source: the store mirrors the items its
/// pages return, as AEM sent them.
///
/// ```swift
/// let source = await QuerySyncSource.finding(aem: aem, path: "my-site/articles-paginated")
/// let report = try await SyncEngine(aem: aem, directory: folder).sync(source)
/// ```
///
/// The list item is the item: no other request reads it. Each item is identified by its
/// `_path` (a mirrored query must select it), keeps its identity across moves by its `slug`
/// when it has one, and records its model when it selects `_model { title }`. Its images are the
/// image references inside it (`UntypedJSON.referencedImages`), fetched into the folder.
public struct QuerySyncSource: SyncSource {
    private let query: ConditionalQuery
    /// The persisted query, `configuration/name`.
    public let path: String
    /// Its variables, besides those paging sets.
    public let variables: [String: QueryVariable?]
    /// How it pages.
    public let style: PagingStyle
    /// Items per page, unless a `first` or `limit` variable says otherwise.
    public let pageSize: Int

    /// The source of `path` paged in `style`.
    public init(
        aem: Aem, path: String, variables: [String: QueryVariable?] = [:], style: PagingStyle, pageSize: Int = 100
    ) {
        query = ConditionalQuery(aem: aem)
        self.path = path
        self.variables = variables
        self.style = style
        self.pageSize = max(1, pageSize)
    }

    /// The source of `path`, paged in `style` when given, else as `Aem.pages(of:)` would find it
    /// (from the variables the stored query declares, else its name).
    public static func finding(
        aem: Aem, path: String, variables: [String: QueryVariable?] = [:], style: PagingStyle? = nil,
        pageSize: Int = 100
    ) async -> QuerySyncSource {
        let query = PersistedQuery<UntypedJSON>(path, variables: variables)
        let resolved = await aem.pages(of: query, style: style, pageSize: pageSize).resolvedStyle()
        return QuerySyncSource(aem: aem, path: path, variables: variables, style: resolved, pageSize: pageSize)
    }

    /// The items of the query with its variables (`the items of my-site/articles;locale=en;`);
    /// the paging style and page size are left out, since they change the pages, not what is
    /// mirrored.
    public var identity: String {
        let request = PersistedQuery<UntypedJSON>(path, variables: variables).requestPath
        let prefix = "/graphql/execute.json/"
        return "the items of " + (request.hasPrefix(prefix) ? String(request.dropFirst(prefix.count)) : request)
    }

    public func page(after cursor: String?, validator: PageValidator?) async throws -> PageAnswer {
        let list = PersistedQuery<UntypedJSON>(path, variables: variables)
        return try await query.page(of: list, style: style, pageSize: pageSize, after: cursor, validator: validator) {
            item in
            // A null item (AEM's answer for one it could not resolve) is left out.
            if item.isNull { return nil }
            guard let itemPath = item["_path"]?.stringValue, !itemPath.isEmpty else {
                throw AemError(
                    .decodingFailed,
                    "An item of \(path) has no _path: a mirrored query must select _path, which identifies each item in the store."
                )
            }
            let json = Data(item.jsonBytes())
            var locations: [String] = []
            for image in item.referencedImages {
                if let location = image.reference.location, !locations.contains(location) { locations.append(location) }
            }
            return SyncListItem(
                path: itemPath, slug: item["slug"]?.stringValue, model: item["_model"]?["title"]?.stringValue,
                json: json, complete: SyncItemDetail(json: json, imageLocations: locations))
        }
    }

    /// The item as its list entry gave it; nil for an item known only by its path (the list
    /// entry is the whole item, so there is nothing else to read).
    public func detail(of item: SyncListItem) async throws -> SyncItemDetail? {
        item.complete
    }
}
