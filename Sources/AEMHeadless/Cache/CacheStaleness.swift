/// How stale a cached answer an app shows, whatever the service's headers allow. AEM sends persisted queries with a
/// day of `stale-while-revalidate` and `stale-if-error`: those describe its CDN, which serves a stale copy while it
/// fetches a new one, not how old content an app should show as current. A cached answer past its freshness
/// (`max-age` less `Age`) is shown only within these limits, and within what its headers allow.
///
/// ```swift
/// let configuration = try AemConfiguration(host: "publish-p123-e456.adobeaemcloud.com",
///                                          staleness: CacheStaleness(whileRevalidating: .seconds(30)))
/// ```
public struct CacheStaleness: Sendable, Hashable {
    /// How long past its freshness a cached answer is shown while a new one is fetched in the background: 5 minutes
    /// by default. Past it, the read waits for the service.
    public var whileRevalidating: Duration
    /// How long past its freshness a cached answer stands in when the service fails (no connection, time-out, 5xx):
    /// a day by default.
    public var onError: Duration

    /// Limits with the given values; see each property.
    public init(whileRevalidating: Duration = .seconds(300), onError: Duration = .seconds(86_400)) {
        self.whileRevalidating = whileRevalidating
        self.onError = onError
    }

    /// `duration` in seconds.
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
