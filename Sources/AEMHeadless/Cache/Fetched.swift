import Foundation

/// What a read of `Aem` returns: the value, where its answer came from, and how old it is.
///
/// Its value's properties read through it: `try await aem.execute(query).data` is the GraphQL
/// result's data.
@dynamicMemberLookup
public struct Fetched<Value: Sendable>: Sendable {
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

    /// A value with where its answer came from, its age, and the failure or background refresh, if any.
    package init(
        value: Value, source: ResponseSource, age: TimeInterval, serverFailure: (any Error)? = nil,
        backgroundRefresh: Task<Void, Never>? = nil
    ) {
        self.value = value
        self.source = source
        self.age = age
        self.serverFailure = serverFailure
        self.backgroundRefresh = backgroundRefresh
    }

    /// One value made from the answers of several requests (the pages of a list, a query asked in each locale of a
    /// chain): as old as the oldest of `parts`, with its source and failure, and one background refresh that waits
    /// for every part's. With no parts, a network answer of age 0.
    public init<Part>(_ value: Value, combining parts: [Fetched<Part>]) {
        let oldest = parts.max { $0.age < $1.age }
        let refreshes = parts.compactMap(\.backgroundRefresh)
        self.init(
            value: value, source: oldest?.source ?? .network, age: oldest?.age ?? 0,
            serverFailure: oldest?.serverFailure,
            backgroundRefresh: refreshes.isEmpty ? nil : Task { for refresh in refreshes { await refresh.value } })
    }

    /// A property of the value.
    public subscript<Property>(dynamicMember property: KeyPath<Value, Property>) -> Property {
        value[keyPath: property]
    }

    /// The same answer with its value transformed.
    public func map<Other: Sendable>(_ transform: (Value) throws -> Other) rethrows -> Fetched<Other> {
        Fetched<Other>(
            value: try transform(value), source: source, age: age, serverFailure: serverFailure,
            backgroundRefresh: backgroundRefresh)
    }
}

/// Where an answer came from.
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
