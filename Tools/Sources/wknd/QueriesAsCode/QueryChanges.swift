import AEMHeadless
import WKNDCore

/// What makes one set of persisted queries (the target, such as a service) match another (the source, such as a
/// folder): the queries to create, to update and to delete.
struct QueryChanges {
    /// In the source only.
    var added: [QueryFolder.Query] = []
    /// In both, different: the target's, then the source's.
    var changed: [(old: QueryFolder.Query, new: QueryFolder.Query)] = []
    /// In the target only.
    var removed: [QueryFolder.Query] = []
    /// In both and equal.
    var unchanged = 0

    var isEmpty: Bool { added.isEmpty && changed.isEmpty && removed.isEmpty }

    /// The changes from `target` to `source`. Texts are compared without the white space at their end; cache
    /// settings only when `comparesCache` (a service whose list does not carry them reads as having none).
    init(from target: [QueryFolder.Query], to source: [QueryFolder.Query], comparesCache: Bool) {
        let old = Dictionary(target.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let new = Dictionary(source.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        for query in source.sorted(by: { $0.path < $1.path }) {
            guard let existing = old[query.path] else {
                added.append(query)
                continue
            }
            if existing.comparableText != query.comparableText || (comparesCache && existing.cache != query.cache) {
                changed.append((existing, query))
            } else {
                unchanged += 1
            }
        }
        removed = target.filter { new[$0.path] == nil }.sorted { $0.path < $1.path }
    }
}
