/// How the query engine renders what depends on the serving host rather than on the content.
struct EngineSettings: Sendable {
    /// Scheme and host of the author service, the prefix of `_authorUrl`.
    var authorBaseURL = "http://localhost:4502"
    /// Scheme and host of the publish service, the prefix of `_publishUrl`.
    var publishBaseURL = "http://localhost:4503"
    /// Whether `_dynamicUrl` is rendered (off: null, as on the local AEM SDK).
    var dynamicURLs = true
    /// Scheme and host prefixed to `_dynamicUrl`, for images served from another origin; `nil` leaves it relative.
    var dynamicURLBase: String? = nil
}
