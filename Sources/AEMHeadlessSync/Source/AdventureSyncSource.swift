import AEMHeadless
import Foundation

/// The WKND adventures as a sync source: `wknd-shared/adventures-paginated` pages through them
/// (Relay cursors, up to 100 a page), and `wknd-shared/adventure-by-path` reads each one in
/// full, rich text and `_references` included.
///
/// The store keeps an adventure as the `adventureByPath` object AEM sent (`{"item": …,
/// "_references": […]}`), which `ContentStore` reads back as `AdventureDetail`. Its images are
/// the primary image and every image among the references; the adventures among the references
/// are read again when they change.
public struct AdventureSyncSource: SyncSource {
    /// The stored query that pages through adventures.
    public static let paginatedPath = "wknd-shared/adventures-paginated"
    /// The stored query that reads one adventure in full.
    public static let byPathPath = "wknd-shared/adventure-by-path"
    /// The model name stored with each adventure.
    public static let model = "Adventure"

    private let query: ConditionalQuery
    /// Adventures asked for per page (1–100).
    public let pageSize: Int
    /// How AEM renders the images, as in the other WKND queries.
    public let image: ImageOptions

    public init(aem: Aem, pageSize: Int = 100, image: ImageOptions = .queryDefaults) {
        query = ConditionalQuery(aem: aem)
        self.pageSize = min(100, max(1, pageSize))
        self.image = image
    }

    public var identity: String {
        // The page size is left out: it changes the pages, not what is mirrored.
        PersistedQuery<JSONValue>(Self.paginatedPath, variables: imageVariables).requestPath
    }

    public func page(after cursor: String?, validator: PageValidator?) async throws -> PageAnswer {
        var variables = imageVariables
        variables["first"] = .int(pageSize)
        variables["after"] = cursor.map(QueryVariable.string)
        guard let answer = try await query.fetch(Self.paginatedPath, variables: variables, validator: validator) else {
            return .notModified
        }
        guard let connection = answer.data["adventurePaginated"] as? [String: Any] else {
            throw shapeError("has no adventurePaginated")
        }
        let edges = connection["edges"] as? [Any] ?? []
        var items: [SyncListItem] = []
        items.reserveCapacity(edges.count)
        for edge in edges {
            // An edge or node that is null or not an object is left out, as AEM does for items it
            // could not resolve.
            guard let node = (edge as? [String: Any])?["node"] as? [String: Any],
                let path = node["_path"] as? String, !path.isEmpty
            else { continue }
            items.append(
                SyncListItem(
                    path: path, slug: node["slug"] as? String, model: Self.model,
                    json: try CanonicalJSON.data(node)))
        }
        let pageInfo = connection["pageInfo"] as? [String: Any]
        let hasNext = pageInfo?["hasNextPage"] as? Bool ?? false
        let endCursor = pageInfo?["endCursor"] as? String
        if hasNext, endCursor == nil || endCursor == cursor {
            throw shapeError("says there is a next page but gives no new endCursor")
        }
        return .page(SyncPage(items: items, nextCursor: hasNext ? endCursor : nil, validator: answer.validator))
    }

    public func detail(of item: SyncListItem) async throws -> SyncItemDetail? {
        var variables = imageVariables
        variables["path"] = .string(item.path)
        variables["imageSeoName"] = image.seoName.map(QueryVariable.string)
        guard let answer = try await query.fetch(Self.byPathPath, variables: variables),
            let byPath = answer.data["adventureByPath"] as? [String: Any],
            let adventure = byPath["item"] as? [String: Any]
        else { return nil }
        var locations: [String] = []
        if let primary = adventure["primaryImage"] as? [String: Any], let location = Self.location(of: primary) {
            locations.append(location)
        }
        var referenced: [String] = []
        for reference in byPath["_references"] as? [Any] ?? [] {
            guard let reference = reference as? [String: Any] else { continue }
            if reference["__typename"] as? String == AdventureReference.imageTypename {
                if let location = Self.location(of: reference), !locations.contains(location) {
                    locations.append(location)
                }
            } else if let path = reference["_path"] as? String {
                referenced.append(path)
            }
        }
        return SyncItemDetail(
            json: try CanonicalJSON.data(byPath), imageLocations: locations, referencedPaths: referenced)
    }

    /// Where an image reference is loaded from, by `ImageReference`'s rule (`_dynamicUrl`, else `_path`).
    static func location(of reference: [String: Any]) -> String? {
        ImageReference(path: reference["_path"] as? String, dynamicUrl: reference["_dynamicUrl"] as? String).location
    }

    /// The `_assetTransform` variables of the WKND queries; nil options keep the stored defaults.
    private var imageVariables: [String: QueryVariable?] {
        [
            "imageFormat": image.format.map { QueryVariable.enumValue($0.rawValue) },
            "imageWidth": image.width.map(QueryVariable.int),
            "imageQuality": image.quality.map(QueryVariable.int),
        ]
    }

    private func shapeError(_ problem: String) -> AemError {
        AemError(.decodingFailed, "The answer to \(Self.paginatedPath) \(problem); is the stored query the WKND one?")
    }
}
