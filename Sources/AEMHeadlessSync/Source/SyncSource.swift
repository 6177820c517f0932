import Foundation

/// Where a sync reads its content: pages of items, then each item as it is stored.
///
/// `QuerySyncSource` reads any list or paginated persisted query, `FragmentSyncSource` the
/// fragments below a DAM folder through the delivery API. A source pages with whatever cursor it likes (a Relay cursor, an offset
/// written as text) and returns each item's JSON as AEM sent it.
public protocol SyncSource: Sendable {
    /// Names what is mirrored (the queries and their variables). A folder mirrors one source;
    /// syncing another into it is refused.
    var identity: String { get }

    /// The page after `cursor` (nil: the first page). With a `validator` from the last time
    /// this page was read, the request is conditional and may answer `.notModified`.
    func page(after cursor: String?, validator: PageValidator?) async throws -> PageAnswer

    /// The item as the store keeps it: its full JSON and the images it shows; nil when the
    /// item is gone by now. Called for items that are new or whose list entry changed, for items
    /// whose referenced fragments changed (then `json` of the item is empty), and for every
    /// item when the sync revalidates everything — except items whose list entry is already
    /// complete (`SyncListItem.complete`).
    func detail(of item: SyncListItem) async throws -> SyncItemDetail?

    /// The fragment an event named, read alone and bypassing caches, so that following AEM's events costs a request
    /// per changed fragment rather than a read of the list. The default is `.listOnly`.
    func read(_ changed: ChangedFragment) async throws -> ChangedFragmentRead
}

extension SyncSource {
    public func read(_ changed: ChangedFragment) async throws -> ChangedFragmentRead { .listOnly }
}

/// What a server said about a page that lets it be asked again conditionally.
public struct PageValidator: Sendable, Hashable {
    /// `ETag`, sent back as `If-None-Match`.
    public var etag: String?
    /// `Last-Modified`, sent back as `If-Modified-Since`.
    public var lastModified: String?

    public init(etag: String?, lastModified: String?) {
        self.etag = etag
        self.lastModified = lastModified
    }

    /// The validators of a response's headers; nil when it sent neither.
    static func from(etag: String?, lastModified: String?) -> PageValidator? {
        etag == nil && lastModified == nil ? nil : PageValidator(etag: etag, lastModified: lastModified)
    }
}

/// A source's answer for one page.
public enum PageAnswer: Sendable {
    /// The page is the same as when its validator was given: its items did not change.
    case notModified
    /// The page as it is now.
    case page(SyncPage)
}

/// One page of a source.
public struct SyncPage: Sendable {
    /// The items in the order the server sent them.
    public var items: [SyncListItem]
    /// The cursor of the next page; nil on the last page.
    public var nextCursor: String?
    /// What lets this page be asked again conditionally; nil when the server sent no validator.
    public var validator: PageValidator?

    public init(items: [SyncListItem], nextCursor: String?, validator: PageValidator?) {
        self.items = items
        self.nextCursor = nextCursor
        self.validator = validator
    }
}

/// One item of a page, as the list query returned it.
public struct SyncListItem: Sendable, Hashable {
    /// The fragment's `_path`.
    public var path: String
    /// The fragment's slug, when it has one: what identifies it across moves.
    public var slug: String?
    /// The fragment's model, such as `Adventure`.
    public var model: String?
    /// The list entry's JSON, member order and number text as sent: compared by hash with the
    /// last run's to tell whether the item must be read again.
    public var json: Data
    /// The item as stored, when the list entry is the whole item (a generic query): then no
    /// `detail(of:)` request is sent for it.
    public var complete: SyncItemDetail?

    public init(path: String, slug: String?, model: String?, json: Data, complete: SyncItemDetail? = nil) {
        self.path = path
        self.slug = slug
        self.model = model
        self.json = json
        self.complete = complete
    }
}

/// An item as the store keeps it.
public struct SyncItemDetail: Sendable, Hashable {
    /// The item's JSON as AEM sent it: its members in AEM's order, numbers as AEM wrote them
    /// (`UntypedJSON.jsonBytes()` of the item), without white space.
    public var json: Data
    /// The `_dynamicUrl` (else `_path`) of every image the item shows, as AEM sent them.
    public var imageLocations: [String]
    /// The `_path` of every other fragment whose content the JSON holds (its `_references`):
    /// when one of them changes, the item is read again.
    public var referencedPaths: [String]

    public init(json: Data, imageLocations: [String], referencedPaths: [String] = []) {
        self.json = json
        self.imageLocations = imageLocations
        self.referencedPaths = referencedPaths
    }
}
