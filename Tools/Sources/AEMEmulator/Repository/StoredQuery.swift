/// A persisted query, `/conf/<configuration>/settings/graphql/persistentQueries/<name>`, whose
/// `jcr:content/jcr:data` is the GraphQL text.
public struct StoredQuery: Sendable {
    /// `wknd-shared`.
    public var configuration: String
    /// `adventures-all`.
    public var name: String
    /// The GraphQL text as stored.
    public var text: String
    /// `Cache-Control` values given when it was persisted (`max-age`…); `nil` uses AEM's defaults.
    public var cacheControl: [String: Int]?
    /// `Surrogate-Control` values given when it was persisted (`max-age`, `stale-while-revalidate`,
    /// `stale-if-error`); `nil` uses AEM's defaults.
    public var surrogateControl: [String: Int]?

    /// `/wknd-shared/adventures-all`.
    public var shortPath: String { "/\(configuration)/\(name)" }

    /// `/conf/wknd-shared/settings/graphql/persistentQueries/adventures-all`.
    public var longPath: String { "/conf/\(configuration)/settings/graphql/persistentQueries/\(name)" }

    /// A query with the given values; see each property.
    public init(
        configuration: String, name: String, text: String, cacheControl: [String: Int]? = nil,
        surrogateControl: [String: Int]? = nil
    ) {
        self.configuration = configuration
        self.name = name
        self.text = text
        self.cacheControl = cacheControl
        self.surrogateControl = surrogateControl
    }
}
