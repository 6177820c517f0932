/// A fragment added, changed, removed, published or unpublished, as an event records it.
struct FragmentChange: Sendable, Equatable {
    enum Kind: String, Sendable {
        case created, modified, deleted, published, unpublished
    }

    var kind: Kind
    var path: String
    /// The fragment's id (its `jcr:uuid`).
    var id: String
    var modelPath: String
    /// The fields a `modified` change wrote, by name (the event's `properties`); empty when unknown.
    var changedFields: [String] = []
    /// Where a `published` or `unpublished` change went: publish or preview.
    var tier: EmulatorView = .publish

    /// The changes from `old` to `new`, by path: a fragment only in `new` is created, only in `old` deleted, in both
    /// with other values modified. Sorted by path, deletions first.
    /// - Parameter paths: the only paths that can differ (the folders a reload read again); nil compares every path.
    static func between(_ old: ContentRepository, _ new: ContentRepository, paths: Set<String>? = nil)
        -> [FragmentChange]
    {
        var changes: [FragmentChange] = []
        for path in paths.map(Array.init) ?? Array(old.fragments.keys) {
            guard let fragment = old.fragments[path], new.fragments[path] == nil else { continue }
            changes.append(FragmentChange(kind: .deleted, path: path, id: fragment.uuid, modelPath: fragment.modelPath))
        }
        for path in paths.map(Array.init) ?? Array(new.fragments.keys) {
            guard let fragment = new.fragments[path] else { continue }
            guard let before = old.fragments[path] else {
                changes.append(
                    FragmentChange(kind: .created, path: path, id: fragment.uuid, modelPath: fragment.modelPath))
                continue
            }
            if !before.hasSameContent(as: fragment) {
                changes.append(
                    FragmentChange(kind: .modified, path: path, id: fragment.uuid, modelPath: fragment.modelPath))
            }
        }
        return changes.sorted { ($0.kind == .deleted ? 0 : 1, $0.path) < ($1.kind == .deleted ? 0 : 1, $1.path) }
    }
}

extension ContentFragment {
    /// Whether `other` holds the same values: id, model, title, description, tags, master and variations.
    func hasSameContent(as other: ContentFragment) -> Bool {
        uuid == other.uuid && modelPath == other.modelPath && title == other.title && description == other.description
            && tags == other.tags && master == other.master && variations.count == other.variations.count
            && zip(variations, other.variations).allSatisfy { $0.name == $1.name && $0.values == $1.values }
    }
}
