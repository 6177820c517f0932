import Foundation

/// A value read through a `ResponseCache`, with where it came from and how old it is: what the
/// delivery API's cached reads return (`Aem.fragment(id:references:cache:policy:)`).
public struct Cached<Value: Sendable>: Sendable {
    /// The value read from the answer.
    public var value: Value
    /// Whether the answer came from the network, the cache, or a revalidated or stale cache entry.
    public var source: ResponseSource
    /// The answer's age in seconds: 0 (or the server's `Age`) for a network answer.
    public var age: TimeInterval
    /// Why a stale answer was served instead of the server's, under `stale-if-error` or
    /// `.returnCacheDataAndFetch`; nil otherwise.
    public var serverFailure: (any Error)?
    /// The background revalidation started under `stale-while-revalidate`, if any; a program
    /// about to exit can await it so the cache is fresh next time. It never fails.
    public var backgroundRefresh: Task<Void, Never>?

    /// A value with where it came from, its age, and the failure or background refresh, if any.
    public init(
        value: Value, source: ResponseSource, age: TimeInterval, serverFailure: (any Error)? = nil,
        backgroundRefresh: Task<Void, Never>? = nil
    ) {
        self.value = value
        self.source = source
        self.age = age
        self.serverFailure = serverFailure
        self.backgroundRefresh = backgroundRefresh
    }
}
