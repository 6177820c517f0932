/// The answers of the several requests behind one value (the pages of a list, a query asked in each locale of a
/// chain), combined as one `Fetched` value: as old as its oldest part.
package final class CachedParts: Sendable {
    private let parts = LockedValue<[Fetched<Void>]>([])

    package init() {}

    /// Runs `query` on `aem` under `policy`, keeping how its answer was read.
    package func execute<Response>(
        _ query: PersistedQuery<Response>, on aem: Aem, policy: CachePolicy?
    ) async throws -> GraphQLResult<Response> {
        let answer = try await aem.execute(query, policy: policy)
        parts.withLock { $0.append(answer.map { _ in () }) }
        return answer.value
    }

    /// `value` with the source, age and failure of the oldest part, and one refresh that waits for every part's.
    package func fetched<Value>(_ value: Value) -> Fetched<Value> {
        let read = parts.value
        let oldest = read.max { $0.age < $1.age }
        let refreshes = read.compactMap(\.backgroundRefresh)
        return Fetched(
            value: value, source: oldest?.source ?? .network, age: oldest?.age ?? 0,
            serverFailure: oldest?.serverFailure,
            backgroundRefresh: refreshes.isEmpty ? nil : Task { for refresh in refreshes { await refresh.value } })
    }
}
