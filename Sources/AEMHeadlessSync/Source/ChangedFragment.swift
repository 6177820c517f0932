/// A fragment an event says changed (created, modified, published, deleted, unpublished), as the event names it.
public struct ChangedFragment: Sendable, Hashable {
    /// The fragment's `_path` (`data.path`).
    public var path: String
    /// The fragment's id (`data.id`), when the event gave one.
    public var id: String?
    /// Its model's path (`data.model.path`), such as `/conf/wknd-shared/settings/dam/cfm/models/adventure`.
    public var modelPath: String?

    init(path: String, id: String? = nil, modelPath: String? = nil) {
        self.path = path
        self.id = id
        self.modelPath = modelPath
    }
}

/// What a source read of one fragment an event named.
public enum ChangedFragmentRead: Sendable {
    /// The item as the store keeps it now: its list entry (`json` may be empty when the list was not read) and its
    /// full form.
    case item(SyncListItem, SyncItemDetail)
    /// The fragment is not among the source's items, or no longer exists: the store drops it if it holds it.
    case absent
    /// The source reads items only through its list (a generic query): a delta sync brings the change.
    case listOnly
}
