/// Everything an emulator serves, as loaded from a content package's `jcr_root/`: models, fragments, assets and
/// persisted queries, indexed by path.
struct ContentRepository: Sendable {
    /// Every model, by path.
    var models: [String: FragmentModel]
    /// Every fragment, by path.
    var fragments: [String: ContentFragment]
    /// Every asset that is not a fragment, by path.
    var assets: [String: DamAsset]
    /// Every persisted query, by short path (`/wknd-shared/adventures-all`).
    var queries: [String: StoredQuery]

    /// The configurations that have at least one model, sorted.
    var configurations: [String] {
        Set(models.values.map(\.configuration)).sorted()
    }

    /// The models of `configuration`, sorted by path.
    func models(in configuration: String) -> [FragmentModel] {
        models.values.filter { $0.configuration == configuration }.sorted { $0.path < $1.path }
    }

    /// The fragments of the model at `modelPath`, sorted by path (the default order of list queries).
    func fragments(ofModel modelPath: String) -> [ContentFragment] {
        fragments.values.filter { $0.modelPath == modelPath }.sorted { $0.path < $1.path }
    }
}
