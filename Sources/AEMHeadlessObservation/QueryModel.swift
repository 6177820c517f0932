import AEMHeadless
import Observation

/// A persisted query's result for a SwiftUI view: `@State var articles = QueryModel(aem: aem, query: …)`, then
/// `.task { await articles.load(); await articles.follow() }` and `.refreshable { await articles.refresh() }`.
///
/// It keeps the latest result while it loads again and after a failure, so that a view shows content, a spinner
/// and an error side by side; `result.source` says whether it came from the network or the cache.
///
/// ```swift
/// struct ArticlesView: View {
///     @State var model: QueryModel<ArticlesQuery.Data>
///     var body: some View {
///         List(model.result?.data?.articleList.items ?? [], id: \.path) { Text($0.title ?? "") }
///             .overlay { if model.isLoading && model.result == nil { ProgressView() } }
///             .task { await model.load(); await model.follow() }
///             .refreshable { await model.refresh() }
///     }
/// }
/// ```
@MainActor
@Observable
public final class QueryModel<Response: Decodable & Sendable> {
    /// The latest result, with where its answer came from; nil before the first one.
    public private(set) var result: Fetched<GraphQLResult<Response>>?
    /// Why the last load failed: an `AemError`, or `CacheMissError` under `.returnCacheDataDontFetch`; nil once a
    /// load succeeds.
    public private(set) var error: (any Error)?
    /// Whether a load is under way.
    public private(set) var isLoading = false

    @ObservationIgnored private let aem: Aem
    @ObservationIgnored private let query: PersistedQuery<Response>
    @ObservationIgnored private let policy: CachePolicy?

    /// A model of `query`, read by `aem` under `policy` (the client's when nil).
    public init(aem: Aem, query: PersistedQuery<Response>, policy: CachePolicy? = nil) {
        self.aem = aem
        self.query = query
        self.policy = policy
    }

    /// Reads the query under the model's policy: under `.returnCacheDataAndFetch` the cached result comes at once,
    /// then the server's when it differs.
    public func load() async {
        await read(policy: policy)
    }

    /// Reads the query again each time a content change marks its cached answer stale
    /// (`Aem.invalidateCache(for:)`, fed with AEM's events), until the task is cancelled: the view follows a publish.
    public func follow() async {
        for await _ in aem.cacheChanges.changes() {
            guard await aem.isMarkedStale(query) else { continue }
            await read(policy: policy)
        }
    }

    /// Asks the server again, whatever the cache holds (pull to refresh).
    public func refresh() async {
        await read(policy: .fetchIgnoringCacheData)
    }

    private func read(policy: CachePolicy?) async {
        isLoading = true
        defer { isLoading = false }
        do {
            for try await update in aem.results(query, policy: policy) {
                result = update
                error = nil
            }
        } catch is CancellationError {
            // The view went away: nothing to show.
        } catch {
            self.error = error
        }
    }
}
