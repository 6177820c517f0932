/// One persisted query as `/graphql/list.json` lists it.
public struct PersistedQueryEntry: Sendable, Hashable {
    /// The configuration it belongs to, such as `wknd-shared`.
    public var configuration: String
    /// The query's name, such as `adventures-all`.
    public var name: String
    /// AEM's short form, such as `/wknd-shared/adventures-all`.
    public var shortPath: String
    /// AEM's long form, such as `/wknd-shared/settings/graphql/persistentQueries/adventures-all`, when sent.
    public var longPath: String?
    /// The stored GraphQL text, when sent.
    public var text: String?
    /// The cache lifetimes stored with it, when the list sends them beside the text (the members
    /// `cache-control` and `surrogate-control` that persisting takes); nil when it sends none.
    public var cache: QueryCacheSettings?

    /// An entry of AEM's list of persisted queries.
    public init(
        configuration: String, name: String, shortPath: String, longPath: String? = nil, text: String? = nil,
        cache: QueryCacheSettings? = nil
    ) {
        self.configuration = configuration
        self.name = name
        self.shortPath = shortPath
        self.longPath = longPath
        self.text = text
        self.cache = cache
    }

    /// `configuration/name`, the path `PersistedQuery` takes.
    public var path: String { "\(configuration)/\(name)" }

    /// The names of the variables the stored text declares (`$slug: String!` declares `slug`); empty without text.
    public var variableNames: Set<String> {
        text.map(PagingStyle.declaredVariables(in:)) ?? []
    }

    /// The entries of a `list.json` answer: an array with one element per configuration. Entries
    /// without a usable short path are skipped; anything else of the wrong shape reads as none.
    static func entries(in document: UntypedJSON) -> [PersistedQueryEntry] {
        var entries: [PersistedQueryEntry] = []
        for group in document.arrayValue ?? [] {
            let groupName = group["configurationName"]?.stringValue
            for query in group["queries"]?.arrayValue ?? [] {
                guard let shortPath = query["path"]?["shortForm"]?.stringValue else { continue }
                let parts = shortPath.split(separator: "/").map(String.init)
                guard let name = parts.last, parts.count >= 2 else { continue }
                entries.append(
                    PersistedQueryEntry(
                        configuration: groupName ?? parts[0], name: name, shortPath: shortPath,
                        longPath: query["path"]?["longForm"]?.stringValue, text: query["data"]?["query"]?.stringValue,
                        cache: cacheSettings(in: query["data"])))
            }
        }
        return entries
    }

    /// The `max-age` of `cache-control` and of `surrogate-control` in a list entry's `data`; nil when neither is there.
    private static func cacheSettings(in data: UntypedJSON?) -> QueryCacheSettings? {
        let maxAge = data?["cache-control"]?["max-age"]?.intValue
        let sharedMaxAge = data?["surrogate-control"]?["max-age"]?.intValue
        guard maxAge != nil || sharedMaxAge != nil else { return nil }
        return QueryCacheSettings(maxAge: maxAge, sharedMaxAge: sharedMaxAge)
    }
}
