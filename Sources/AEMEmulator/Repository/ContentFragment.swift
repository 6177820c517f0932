import Foundation

/// A Content Fragment: a `dam:Asset` whose `jcr:content` has `contentFragment="{Boolean}true"` (aem-platform.md §1).
public struct ContentFragment: Sendable {
    /// The repository path (`/content/dam/wknd-shared/en/adventures/bali-surf-camp/bali-surf-camp`), its `_path`.
    public var path: String
    /// `jcr:uuid`, its `_id`; cursors and the default order of paginated queries use it.
    public var uuid: String
    /// `data/@cq:model`: the path of its ``FragmentModel``.
    public var modelPath: String
    /// `jcr:content/@jcr:title`.
    public var title: String?
    /// `jcr:content/@jcr:description`.
    public var description: String?
    /// `jcr:content/@jcr:lastModified`.
    public var lastModified: Date?
    /// `jcr:content/metadata/@cq:tags`.
    public var tags: [String]
    /// `data/master`: field name to value. A missing name means no value (`null`). `<field>@ContentType` siblings
    /// are kept under their own names (`description@ContentType`); other `@` bookkeeping is dropped.
    public var master: [String: JCRValue]
    /// The other children of `data`: variation name to its values, in document order.
    public var variations: [(name: String, values: [String: JCRValue])]

    /// The values of `variation`, or of the master when it is `nil`, `"master"` or not a variation of this fragment.
    public func values(variation: String?) -> [String: JCRValue] {
        guard let variation, variation != "master" else { return master }
        return variations.first { $0.name == variation }?.values ?? master
    }

    /// A fragment with the given values; see each property.
    public init(
        path: String, uuid: String, modelPath: String, title: String? = nil, description: String? = nil,
        lastModified: Date? = nil, tags: [String] = [], master: [String: JCRValue],
        variations: [(name: String, values: [String: JCRValue])] = []
    ) {
        self.path = path
        self.uuid = uuid
        self.modelPath = modelPath
        self.title = title
        self.description = description
        self.lastModified = lastModified
        self.tags = tags
        self.master = master
        self.variations = variations
    }
}

extension Array where Element == ContentFragment {
    /// The fragments ordered by path: by the paths' UTF-8 bytes, or by Swift's `<` (the order of Unicode scalars,
    /// which is the bytes' order for ASCII paths). The paths are sorted, not the fragments, and as bytes where the
    /// orders agree: a sort that moves whole fragments, or compares Swift strings, spends seconds at 100,000
    /// fragments in reference counting.
    func sortedByPath(bytewise: Bool) -> [ContentFragment] {
        let paths = map(\.path)
        let packed = PackedStrings(paths)
        let order =
            bytewise || packed.isASCII
            ? packed.sortedIndices()
            : paths.withUnsafeBufferPointer { paths in indices.sorted { paths[$0] < paths[$1] } }
        return order.map { self[$0] }
    }
}
