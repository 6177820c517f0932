import NIOConcurrencyHelpers

/// The persisted queries of a running emulator: those of its content, and those stored, updated or deleted since
/// over `/graphql/persist.json`. The changes made over HTTP outlive a reload of the content, as AEM keeps persisted
/// queries under `/conf` beside the content, except where the reloaded content changes that query itself: then the
/// content's wins.
final class StoredQueries: Sendable {
    /// The content's own queries, by short path.
    private let content: [String: StoredQuery]
    /// The changes made over HTTP, by short path: the query stored, or nil for one deleted. Shared with the queries
    /// of the next content, so that a change made while the content is being replaced is kept too.
    private let changes: NIOLockedValueBox<[String: StoredQuery?]>

    /// The queries of a content, with the changes made over HTTP to those of `previous` (the content it replaces).
    init(_ queries: [String: StoredQuery], keepingChangesOf previous: StoredQueries? = nil) {
        content = queries
        guard let previous else {
            changes = NIOLockedValueBox([:])
            return
        }
        changes = previous.changes
        changes.withLockedValue { changes in
            for path in Array(changes.keys) where previous.content[path]?.text != queries[path]?.text {
                changes.removeValue(forKey: path)
            }
        }
    }

    /// The query at `/<configuration>/<name>`.
    func query(configuration: String, name: String) -> StoredQuery? {
        changes.withLockedValue { current("/\(configuration)/\(name)", $0) }
    }

    /// Every query, or those of `configuration`, sorted by configuration and name.
    func all(in configuration: String? = nil) -> [StoredQuery] {
        var merged = content
        changes.withLockedValue { changes in
            for (path, change) in changes { merged[path] = change } // a deleted query (nil) leaves
        }
        return merged.values
            .filter { configuration == nil || $0.configuration == configuration }
            .sorted { ($0.configuration, $0.name) < ($1.configuration, $1.name) }
    }

    /// Removes the query at `/<configuration>/<name>` and returns it; nil when there is none.
    func remove(configuration: String, name: String) -> StoredQuery? {
        let path = "/\(configuration)/\(name)"
        return changes.withLockedValue { changes in
            guard let query = current(path, changes) else { return nil }
            changes.updateValue(nil, forKey: path)
            return query
        }
    }

    /// Stores `query`: creating it requires that none exists at its path, updating that one does.
    func store(_ query: StoredQuery, creating: Bool) -> Bool {
        changes.withLockedValue { changes in
            guard (current(query.shortPath, changes) == nil) == creating else { return false }
            changes.updateValue(query, forKey: query.shortPath)
            return true
        }
    }

    /// The query at `path` as the content and the changes make it.
    private func current(_ path: String, _ changes: [String: StoredQuery?]) -> StoredQuery? {
        if let changed = changes[path] { return changed }
        return content[path]
    }
}
