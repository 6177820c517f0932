import Foundation

/// Where a result came from.
public enum ResponseSource: String, Sendable, Hashable {
    /// A full answer from the server.
    case network
    /// The cached answer, confirmed unchanged by the server (304).
    case revalidated
    /// A fresh cached answer; nothing was requested.
    case cache
    /// A stale cached answer: offline, `stale-while-revalidate`, `stale-if-error`, or a policy
    /// that takes any cached answer.
    case staleCache
}

/// A query's result with where it came from and how old it is.
public struct CachedResult<Response: Sendable>: Sendable {
    /// The decoded GraphQL result: data, errors, or both.
    public var result: GraphQLResult<Response>
    /// Whether the answer came from the network, the cache, or a revalidated or stale cache entry.
    public var source: ResponseSource
    /// The answer's age in seconds: 0 (or the server's `Age`) for a network answer.
    public var age: TimeInterval
    /// Why a stale answer was served instead of the server's: the server's failure, under
    /// `stale-if-error`. Nil otherwise.
    public var serverFailure: (any Error)?
    /// The background revalidation started under `stale-while-revalidate`, if any; a program
    /// about to exit can await it so the cache is fresh next time. It never fails.
    public var backgroundRefresh: Task<Void, Never>?

    /// A result with where it came from, its age, and the failure or background refresh, if any.
    public init(
        result: GraphQLResult<Response>, source: ResponseSource, age: TimeInterval,
        serverFailure: (any Error)? = nil, backgroundRefresh: Task<Void, Never>? = nil
    ) {
        self.result = result
        self.source = source
        self.age = age
        self.serverFailure = serverFailure
        self.backgroundRefresh = backgroundRefresh
    }

    /// A persisted query's result read through a cache.
    init(_ cached: Cached<GraphQLResult<Response>>) {
        self.init(
            result: cached.value, source: cached.source, age: cached.age, serverFailure: cached.serverFailure,
            backgroundRefresh: cached.backgroundRefresh)
    }

    /// The same result with its GraphQL result transformed, such as `\.adventures`.
    public func mapResult<T: Sendable>(_ transform: (GraphQLResult<Response>) throws -> GraphQLResult<T>) rethrows
        -> CachedResult<T>
    {
        CachedResult<T>(
            result: try transform(result), source: source, age: age,
            serverFailure: serverFailure, backgroundRefresh: backgroundRefresh)
    }
}
