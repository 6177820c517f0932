import AEMHeadless
import Foundation

/// Tokens obtained from IMS with lasting credentials, kept and renewed: a cached token is used
/// until shortly before it expires, then renewed before use. However many requests wait at once,
/// one renewal is made and shared (one IMS request).
public actor IMSTokenProvider: AccessTokenProvider {
    public nonisolated let exchange: any TokenExchange
    private let cache: TokenCache?
    private let renewalMargin: Duration
    private let now: @Sendable () -> Date
    private var current: IssuedToken?
    private var cacheRead = false
    private var renewal: Task<IssuedToken, any Error>?

    /// - Parameters:
    ///   - cache: where tokens are kept between runs; nil keeps them in memory only.
    ///   - renewalMargin: how long before expiry a token is renewed (at most a tenth of its lifetime).
    ///   - now: the clock that tells whether a token is still usable.
    public init(
        exchange: any TokenExchange, cache: TokenCache? = nil, renewalMargin: Duration = .seconds(5 * 60),
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.exchange = exchange
        self.cache = cache
        self.renewalMargin = renewalMargin
        self.now = now
    }

    public nonisolated var description: String { "token for \(exchange)" }

    public nonisolated var identity: String { exchange.identity }

    public nonisolated var apiKey: String? { exchange.apiKey }

    public func token(replacing rejected: AccessToken?, using transport: any AemHTTPTransport) async throws
        -> AccessToken
    {
        if let usable = usableToken(now: now()), usable.token.value != rejected?.value {
            return usable.token
        }
        return try await renew(using: transport).token
    }

    /// The token in hand or in the cache, without renewing it; nil when there is none.
    public func currentToken() -> IssuedToken? {
        loadCachedToken()
        return current
    }

    private func usableToken(now: Date) -> IssuedToken? {
        loadCachedToken()
        guard let current, !current.token.hasExpired(at: now) else { return nil }
        if let renewalDate = current.renewalDate(margin: renewalMargin), renewalDate <= now { return nil }
        return current
    }

    private func loadCachedToken() {
        guard !cacheRead else { return }
        cacheRead = true
        current = cache?.read(for: exchange.identity)
    }

    /// The renewal under way, or a new one; every caller waiting at once shares it.
    private func renew(using transport: any AemHTTPTransport) async throws -> IssuedToken {
        if let renewal { return try await renewal.value }
        let exchange = exchange
        let task = Task { try await exchange.obtainToken(using: transport) }
        renewal = task
        defer { renewal = nil }
        let issued = try await task.value
        current = issued
        // A cache that cannot be written costs a renewal on the next run, nothing more.
        try? cache?.write(issued, for: exchange.identity)
        return issued
    }
}
