/// A persisted query, `/conf/<configuration>/settings/graphql/persistentQueries/<name>`, whose
/// `jcr:content/jcr:data` is the GraphQL text.
struct StoredQuery: Sendable {
    /// `wknd-shared`.
    let configuration: String
    /// `adventures-all`.
    let name: String
    /// The GraphQL text as stored.
    let text: String
    /// `Cache-Control` values given when it was persisted (`max-age`…); `nil` uses AEM's defaults.
    let cacheControl: [String: Int]?
    /// `Surrogate-Control` values given when it was persisted (`max-age`, `stale-while-revalidate`,
    /// `stale-if-error`); `nil` uses AEM's defaults.
    let surrogateControl: [String: Int]?

    /// `/wknd-shared/adventures-all`.
    var shortPath: String { "/\(configuration)/\(name)" }

    /// `/conf/wknd-shared/settings/graphql/persistentQueries/adventures-all`.
    var longPath: String { "/conf/\(configuration)/settings/graphql/persistentQueries/\(name)" }
}
