import AEMHeadless
import WKNDCore

/// The persisted queries a service stores, as `QueryFolder.Query` values: read with `list.json`, limited to some
/// configurations, with whether the list carries cache settings at all (AEM's is only known to carry the text).
struct ServiceQueries {
    var queries: [QueryFolder.Query]
    /// Whether any entry came with cache settings; when none did, cache settings are not compared.
    var listsCache: Bool

    /// The queries of `aem` in `configurations` (every configuration when nil), sorted by path; entries listed
    /// without their text are left out.
    static func read(from aem: Aem, configurations: Set<String>?) async throws -> ServiceQueries {
        var entries: [PersistedQueryEntry] = []
        if let configurations {
            for configuration in configurations.sorted() {
                entries += try await aem.persistedQueries(configuration: configuration)
                    .filter { $0.configuration == configuration }
            }
        } else {
            entries = try await aem.persistedQueries()
        }
        let queries = entries.compactMap { entry in
            entry.text.map { QueryFolder.Query(path: entry.path, text: $0, cache: entry.cache) }
        }
        return ServiceQueries(
            queries: queries.sorted { $0.path < $1.path }, listsCache: entries.contains { $0.cache != nil })
    }
}
