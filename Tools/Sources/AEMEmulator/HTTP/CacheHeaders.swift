/// The cache headers of a persisted query's answer: AEM publish's defaults, or what was set when it was persisted.
struct CacheHeaders: Sendable, Equatable {
    /// `Cache-Control`.
    var cacheControl: String
    /// `Surrogate-Control`, when the query set one.
    var surrogateControl: String?

    /// AEM's defaults for persisted queries on publish, in one `Cache-Control` line.
    static let publishDefaults = CacheHeaders(
        cacheControl: "max-age=60, s-maxage=7200, stale-while-revalidate=86400, stale-if-error=86400")

    init(cacheControl: String, surrogateControl: String? = nil) {
        self.cacheControl = cacheControl
        self.surrogateControl = surrogateControl
    }

    /// The headers for `query`: its own `cache-control` and `surrogate-control` when it has them, else the defaults.
    init(_ query: StoredQuery) {
        guard query.cacheControl != nil || query.surrogateControl != nil else {
            self = .publishDefaults
            return
        }
        cacheControl = Self.line(query.cacheControl ?? ["max-age": 60])
        surrogateControl = query.surrogateControl.map(Self.line)
    }

    /// `max-age=300, stale-while-revalidate=1000`: `max-age` first, then the others by name.
    private static func line(_ directives: [String: Int]) -> String {
        directives.sorted { ($0.key == "max-age" ? 0 : 1, $0.key) < ($1.key == "max-age" ? 0 : 1, $1.key) }
            .map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
    }
}
