import NIOConcurrencyHelpers

/// The persisted queries of a running emulator: those of its content, and those stored since over
/// `/graphql/persist.json`.
final class StoredQueries: Sendable {
    private let queries: NIOLockedValueBox<[String: StoredQuery]>

    init(_ queries: [String: StoredQuery]) {
        self.queries = NIOLockedValueBox(queries)
    }

    /// The query at `/<configuration>/<name>`.
    func query(configuration: String, name: String) -> StoredQuery? {
        queries.withLockedValue { $0["/\(configuration)/\(name)"] }
    }

    /// Every query, or those of `configuration`, sorted by configuration and name.
    func all(in configuration: String? = nil) -> [StoredQuery] {
        queries.withLockedValue { Array($0.values) }
            .filter { configuration == nil || $0.configuration == configuration }
            .sorted { ($0.configuration, $0.name) < ($1.configuration, $1.name) }
    }

    /// Removes the query at `/<configuration>/<name>` and returns it; nil when there is none.
    func remove(configuration: String, name: String) -> StoredQuery? {
        queries.withLockedValue { $0.removeValue(forKey: "/\(configuration)/\(name)") }
    }

    /// Stores `query`: creating it requires that none exists at its path, updating that one does.
    func store(_ query: StoredQuery, creating: Bool) -> Bool {
        queries.withLockedValue { queries in
            guard (queries[query.shortPath] == nil) == creating else { return false }
            queries[query.shortPath] = query
            return true
        }
    }
}
