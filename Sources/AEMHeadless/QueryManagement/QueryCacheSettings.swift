/// The cache lifetimes stored with a persisted query, which AEM then sends with its answers.
public struct QueryCacheSettings: Sendable, Hashable {
    /// Seconds browsers and clients may keep an answer (`cache-control: max-age`).
    public var maxAge: Int?
    /// Seconds a CDN may keep an answer (`surrogate-control: max-age`, sent as `s-maxage`).
    public var sharedMaxAge: Int?

    /// Cache lifetimes in seconds; nil leaves one unset.
    public init(maxAge: Int? = nil, sharedMaxAge: Int? = nil) {
        self.maxAge = maxAge
        self.sharedMaxAge = sharedMaxAge
    }

    /// No setting: AEM's defaults apply.
    public static let defaults = QueryCacheSettings()
}
