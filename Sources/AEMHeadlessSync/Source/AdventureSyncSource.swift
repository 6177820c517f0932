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
        let request = QueryPageRequest(
            path: Self.paginatedPath, variables: imageVariables, style: .cursor, pageSize: pageSize, start: cursor)
        return try await query.page(request, validator: validator) { node in
            // A node without a path (null, as AEM sends for items it could not resolve) is left out.
            guard let path = node["_path"]?.stringValue, !path.isEmpty else { return nil }
            return SyncListItem(
                path: path, slug: node["slug"]?.stringValue, model: Self.model, json: Data(node.jsonBytes()))
        }
    }

    public func detail(of item: SyncListItem) async throws -> SyncItemDetail? {
        var variables = imageVariables
        variables["path"] = .string(item.path)
        variables["imageSeoName"] = image.seoName.map(QueryVariable.string)
        guard
            let byPath = try await query.fetch(PersistedQuery(Self.byPathPath, variables: variables))?
                .data["adventureByPath"],
            let adventure = byPath["item"], adventure.members != nil
        else { return nil }
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
        return SyncItemDetail(json: Data(byPath.jsonBytes()), imageLocations: locations, referencedPaths: referenced)
    }

    /// Where an image reference is loaded from, by `ImageReference`'s rule (`_dynamicUrl`, else `_path`).
    static func location(of reference: UntypedJSON) -> String? {
        ImageReference(path: reference["_path"]?.stringValue, dynamicUrl: reference["_dynamicUrl"]?.stringValue)
            .location
    }

    /// The `_assetTransform` variables of the WKND queries; nil options keep the stored defaults.
    private var imageVariables: [String: QueryVariable?] {
        [
            "imageFormat": image.format.map { QueryVariable.enumValue($0.rawValue) },
            "imageWidth": image.width.map(QueryVariable.int),
            "imageQuality": image.quality.map(QueryVariable.int),
        ]
    }
}
