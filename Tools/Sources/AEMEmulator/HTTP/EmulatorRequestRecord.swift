/// One request as the emulator answered it.
public struct EmulatorRequestRecord: Sendable {
    /// `GET`, `HEAD`, …
    public var method: String
    /// The request target exactly as sent, e.g. `/graphql/execute.json/wknd-shared/adventure-by-slug;slug=x;`.
    public var target: String
    /// The percent-decoded path without variables or query, e.g. `/graphql/execute.json/wknd-shared/adventure-by-slug`.
    public var path: String
    /// The status code answered.
    public var status: Int
    /// From receiving the request head to returning the response head.
    public var duration: Duration
    /// Request headers by lower-cased name (repeated headers joined with `, `).
    public var headers: [String: String]
    /// With a CDN in front (``EmulatorOptions/cdn``): `HIT` when the CDN answered from its copy, `MISS` when the
    /// origin did; nil without one.
    public var cache: String?

    /// The `Authorization` header the request carried.
    public var authorization: String? { headers["authorization"] }

    /// A record with the given values.
    public init(
        method: String, target: String, path: String, status: Int, duration: Duration, headers: [String: String],
        cache: String? = nil
    ) {
        self.method = method
        self.target = target
        self.path = path
        self.status = status
        self.duration = duration
        self.headers = headers
        self.cache = cache
    }
}
