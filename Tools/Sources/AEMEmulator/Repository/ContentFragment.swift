import Foundation

/// A Content Fragment: a `dam:Asset` whose `jcr:content` has `contentFragment="{Boolean}true"` (aem-platform.md §1).
///
/// Its values are held in one shared storage, made anew when a copy is changed: copying a fragment (into an index, an
/// answer, a changed repository) costs one reference, whatever it holds — at 100,000 fragments, copying their
/// values one by one was a large part of serving an edit.
public struct ContentFragment: Sendable {
    /// The repository path (`/content/dam/wknd-shared/en/adventures/bali-surf-camp/bali-surf-camp`), its `_path`.
    public var path: String {
        get { storage.values.path }
        set { change { $0.path = newValue } }
    }
    /// `jcr:uuid`, its `_id`; cursors and the default order of paginated queries use it.
    public var uuid: String {
        get { storage.values.uuid }
        set { change { $0.uuid = newValue } }
    }
    /// `data/@cq:model`: the path of its ``FragmentModel``.
    public var modelPath: String {
        get { storage.values.modelPath }
        set { change { $0.modelPath = newValue } }
    }
    /// `jcr:content/@jcr:title`.
    public var title: String? {
        get { storage.values.title }
        set { change { $0.title = newValue } }
    }
    /// `jcr:content/@jcr:description`.
    public var description: String? {
        get { storage.values.description }
        set { change { $0.description = newValue } }
    }
    /// `jcr:content/@jcr:lastModified`.
    public var lastModified: Date? {
        get { storage.values.lastModified }
        set { change { $0.lastModified = newValue } }
    }
    /// `@jcr:created` of the fragment's node.
    public var created: Date? {
        get { storage.values.created }
        set { change { $0.created = newValue } }
    }
    /// `jcr:content/metadata/@cq:tags`.
    public var tags: [String] {
        get { storage.values.tags }
        set { change { $0.tags = newValue } }
    }
    /// `data/master`: field name to value. A missing name means no value (`null`). `<field>@ContentType` siblings
    /// are kept under their own names (`description@ContentType`); other `@` bookkeeping is dropped.
    public var master: [String: JCRValue] {
        get { storage.values.master }
        set { change { $0.master = newValue } }
    }
    /// The other children of `data`: variation name to its values, in document order.
    public var variations: [(name: String, values: [String: JCRValue])] {
        get { storage.values.variations }
        set { change { $0.variations = newValue } }
    }

    private var storage: Storage

    /// The values, shared by copies and never changed: a change makes a new storage.
    private final class Storage: Sendable {
        let values: Values

        init(_ values: Values) {
            self.values = values
        }
    }

    private struct Values: Sendable {
        var path: String
        var uuid: String
        var modelPath: String
        var title: String?
        var description: String?
        var lastModified: Date?
        var created: Date?
        var tags: [String]
        var master: [String: JCRValue]
        var variations: [(name: String, values: [String: JCRValue])]
    }

    /// Stores the values as `body` changes them.
    private mutating func change(_ body: (inout Values) -> Void) {
        var values = storage.values
        body(&values)
        storage = Storage(values)
    }

    /// The values of `variation`, or of the master when it is `nil`, `"master"` or not a variation of this fragment.
    public func values(variation: String?) -> [String: JCRValue] {
        guard let variation, variation != "master" else { return master }
        return variations.first { $0.name == variation }?.values ?? master
    }

    /// A fragment with the given values; see each property.
    public init(
        path: String, uuid: String, modelPath: String, title: String? = nil, description: String? = nil,
        lastModified: Date? = nil, created: Date? = nil, tags: [String] = [], master: [String: JCRValue],
        variations: [(name: String, values: [String: JCRValue])] = []
    ) {
        storage = Storage(
            Values(
                path: path, uuid: uuid, modelPath: modelPath, title: title, description: description,
                lastModified: lastModified, created: created, tags: tags, master: master, variations: variations))
    }
}

extension Array where Element == ContentFragment {
    /// The fragments ordered by path: by the paths' UTF-8 bytes, or by Swift's `<` (the order of Unicode scalars,
    /// which is the bytes' order for most paths: ``PackedStrings/bytesOrderAsStrings``). The paths are sorted, not the
    /// fragments, and as bytes where the orders agree: a sort that moves whole fragments, or compares Swift strings,
    /// spends seconds at 100,000 fragments in reference counting.
    func sortedByPath(bytewise: Bool) -> [ContentFragment] {
        let paths = map(\.path)
        let packed = PackedStrings(paths)
        let order =
            bytewise || packed.bytesOrderAsStrings
            ? packed.sortedIndices()
            : paths.withUnsafeBufferPointer { paths in indices.sorted { paths[$0] < paths[$1] } }
        return order.map { self[$0] }
    }
}
