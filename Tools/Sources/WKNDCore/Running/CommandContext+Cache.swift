import AEMHeadless

extension CommandContext {
    /// `withAem` with the response cache and policy that `options` ask for. The built-in sample service is
    /// never cached: it runs on this machine, so there is no network to save or to lose. Before
    /// returning, the background refreshes of stale answers finish and the run is recorded.
    package func withAem<Result: Sendable>(
        caching options: CacheOptions,
        _ body: (Aem, CommandCache) async throws -> Result
    ) async throws -> Result {
        let cache: CommandCache
        if configuration.perspective.isCached, case .configured = try configuration.resolved.service() {
            cache = try CommandCache.open(options, console: console)
        } else {
            cache = .disabled(console: console)
        }
        return try await withAem(cache: cache.store, policy: cache.policy) { aem in
            do {
                let result = try await body(aem, cache)
                await cache.finish()
                return result
            } catch {
                await cache.finish()
                throw error
            }
        }
    }
}
