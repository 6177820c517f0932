import Foundation

/// A ``ContentRepository`` prepared for queries: its models indexed (``ModelIndex``), and the renditions of rich
/// text cached, since the same stored HTML is served again and again.
final class ContentIndex: @unchecked Sendable {
    let repository: ContentRepository
    let settings: EngineSettings
    /// Every model, by path.
    let models: [String: ModelIndex]

    private let lock = NSLock()
    private var richTexts: [String: HTMLRichText] = [:]
    private static let maximumRichTexts = 4096

    /// - Parameters:
    ///   - previous: the index of an earlier state of the content: a model whose fragments have the same paths keeps
    ///     its order of them.
    ///   - changedPaths: the only fragments that can differ from `previous`'s; nil: any. A model none of them was or
    ///     is in is kept as it was, and one where they were edited in place is patched.
    init(
        repository: ContentRepository, settings: EngineSettings, reusing previous: ContentIndex? = nil,
        changedPaths: Set<String>? = nil
    ) {
        self.repository = repository
        self.settings = settings
        var counted: [String: Int]?
        func count(of model: String) -> Int {
            if counted == nil {
                var counts: [String: Int] = [:]
                for fragment in repository.fragments.values { counts[fragment.modelPath, default: 0] += 1 }
                counted = counts
            }
            return counted?[model] ?? 0
        }
        var grouped: [String: [ContentFragment]]?
        func fragments(of model: String) -> [ContentFragment] {
            if grouped == nil {
                var byModel: [String: [ContentFragment]] = [:]
                for fragment in repository.fragments.values {
                    byModel[fragment.modelPath, default: []].append(fragment)
                }
                grouped = byModel
            }
            return grouped?[model] ?? []
        }
        models = repository.models.mapValues { model in
            if let earlier = previous?.models[model.path] {
                // A patched reload reads fragment folders again, never a model.
                if let changedPaths, let index = ModelIndex.patching(earlier, at: changedPaths, in: repository) {
                    return index
                }
                if let index = ModelIndex(
                    model: model, keepingOrderOf: earlier, in: repository, count: count(of: model.path))
                {
                    return index
                }
            }
            return ModelIndex(model: model, fragments: fragments(of: model.path))
        }
        // Sorted queries read ranks made here, as AEM builds its indexes before they are queried: for the first
        // content, before it is served, so that its first sorted page does not rank (a quarter of a second at
        // 100,000 fragments); for a later state of it, in the background, where most ranks are kept from `previous`.
        let prepared = Array(models.values)
        let prepare: @Sendable () -> Void = {
            DispatchQueue.concurrentPerform(iterations: prepared.count) { prepared[$0].prepare() }
        }
        if previous == nil {
            prepare()
        } else {
            DispatchQueue.global(qos: .utility).async(execute: prepare)
        }
    }

    /// The fragment at `path` as a GraphQL source, when it exists and its model is known.
    func fragmentNode(at path: String, variation: String?, transform: AssetTransformation?) -> FragmentNode? {
        guard let fragment = repository.fragments[path], let model = models[fragment.modelPath] else { return nil }
        return FragmentNode(
            fragment: fragment, typeName: model.naming.typeName, variation: variation, transform: transform)
    }

    /// The asset at `path` as a GraphQL source, when it exists.
    func assetNode(at path: String, transform: AssetTransformation?) -> AssetNode? {
        repository.assets[path].map { AssetNode(asset: $0, transform: transform) }
    }

    /// What a content reference to `path` resolves to: the asset there, else a page (``SchemaRules/isPagePath(_:)``).
    func referenceNode(at path: String, transform: AssetTransformation?) -> (any ReferenceNode)? {
        if let asset = assetNode(at: path, transform: transform) { return asset }
        return SchemaRules.isPagePath(path) ? PageNode(path: path) : nil
    }

    /// The `json` rendition of `html`, parsed once.
    func richText(html: String) -> HTMLRichText {
        lock.lock()
        if let cached = richTexts[html] {
            lock.unlock()
            return cached
        }
        lock.unlock()
        let repository = repository
        let richText = HTMLRichText(
            html: html,
            targets: HTMLRichText.Targets(
                isFragment: { repository.fragments[$0] != nil },
                mimeType: { repository.assets[$0]?.mimeType }))
        lock.lock()
        if richTexts.count >= Self.maximumRichTexts { richTexts.removeAll() }
        richTexts[html] = richText
        lock.unlock()
        return richText
    }
}
