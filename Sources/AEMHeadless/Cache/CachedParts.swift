/// The cached answers of the several requests behind one value (the pages of a list, a query asked in each
/// locale of a chain), combined as one `Cached` value: as old as its oldest part.
final class CachedParts: Sendable {
    private struct Part {
        let source: ResponseSource
        let age: Double
        let serverFailure: (any Error)?
        let backgroundRefresh: Task<Void, Never>?
    }

    private let parts = LockedValue<[Part]>([])

    /// Runs `query` through `cache` under `policy` on `aem`, keeping how its answer was read.
    func execute<Response>(
        _ query: PersistedQuery<Response>, on aem: Aem, cache: any ResponseCache, policy: CachePolicy
    ) async throws -> GraphQLResult<Response> {
        let answer = try await aem.execute(query, cache: cache, policy: policy)
        parts.withLock {
            $0.append(
                Part(
                    source: answer.source, age: answer.age, serverFailure: answer.serverFailure,
                    backgroundRefresh: answer.backgroundRefresh))
        }
        return answer.result
    }

    /// `value` with the source, age and failure of the oldest part, and one refresh that waits for every part's.
    func cached<Value>(_ value: Value) -> Cached<Value> {
        let read = parts.value
        let oldest = read.max { $0.age < $1.age }
        let refreshes = read.compactMap(\.backgroundRefresh)
        return Cached(
            value: value, source: oldest?.source ?? .network, age: oldest?.age ?? 0,
            serverFailure: oldest?.serverFailure,
            backgroundRefresh: refreshes.isEmpty ? nil : Task { for refresh in refreshes { await refresh.value } })
    }
}
