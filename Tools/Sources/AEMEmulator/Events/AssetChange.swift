/// An asset (an image or a document, not a fragment) added, changed or removed between two versions of a content
/// package, as an event records it.
struct AssetChange: Sendable, Equatable {
    enum Kind: String, Sendable {
        /// Added or changed: AEM has processed its renditions.
        case processed
        case deleted
    }

    var kind: Kind
    var path: String
    /// The asset's `jcr:uuid`.
    var uuid: String

    /// The changes from `old` to `new`, by path: an asset in `new` that is not in `old`, or whose original changed,
    /// is processed; one only in `old` is deleted. Sorted by path, deletions first.
    /// - Parameter paths: the only paths that can differ (the folders a reload read again); nil compares every path.
    static func between(_ old: ContentRepository, _ new: ContentRepository, paths: Set<String>? = nil)
        -> [AssetChange]
    {
        var changes: [AssetChange] = []
        for path in paths.map(Array.init) ?? Array(old.assets.keys) {
            guard let asset = old.assets[path], new.assets[path] == nil else { continue }
            changes.append(AssetChange(kind: .deleted, path: path, uuid: asset.uuid))
        }
        for path in paths.map(Array.init) ?? Array(new.assets.keys) {
            guard let asset = new.assets[path], !(old.assets[path]?.hasSameOriginal(as: asset) ?? false) else {
                continue
            }
            changes.append(AssetChange(kind: .processed, path: path, uuid: asset.uuid))
        }
        return changes.sorted { ($0.kind == .deleted ? 0 : 1, $0.path) < ($1.kind == .deleted ? 0 : 1, $1.path) }
    }
}

extension DamAsset {
    /// Whether `other` is the same original: the same id, type, dimensions and modification time, and the same bytes
    /// (for a file, the same file with the same size and modification time when each was loaded).
    func hasSameOriginal(as other: DamAsset) -> Bool {
        guard uuid == other.uuid, mimeType == other.mimeType, lastModified == other.lastModified,
            width == other.width, height == other.height
        else { return false }
        switch (bytes, other.bytes) {
        case (.file(let a), .file(let b)): return a == b && fileStamp == other.fileStamp
        case (.data(let a), .data(let b)): return a == b
        case (.synthetic(let a), .synthetic(let b)): return a == b
        case (.placeholder, .placeholder): return true
        default: return false
        }
    }
}
