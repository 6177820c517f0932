import Foundation

/// The content an emulator serves: the models, fragments, assets and persisted queries of a content package.
///
/// Start from ``sample()`` (the bundled WKND adventures) or ``load(jcrRoot:)`` (a project's own package), and change
/// it for a test: add, copy or remove fragments, give an asset huge synthetic bytes, store another query.
///
/// ```swift
/// var content = try EmulatorContent.sample()
/// var copy = try #require(content.fragments(where: "slug", is: "lofoten-winter-surf").first)
/// copy.path += "-copy"
/// copy.master["slug"] = .string("lofoten-copy")
/// content[fragment: copy.path] = copy
/// ```
public struct EmulatorContent: Sendable {
    var repository: ContentRepository

    init(repository: ContentRepository) {
        self.repository = repository
    }

    /// The content of a loaded package.
    public init(_ package: ContentPackage) {
        repository = package.repository
    }

    /// Loads the content package whose `jcr_root` folder is `jcrRoot`; see ``ContentPackage/init(jcrRoot:)``.
    public static func load(jcrRoot: URL) throws(ContentPackageError) -> EmulatorContent {
        EmulatorContent(try ContentPackage(jcrRoot: jcrRoot))
    }

    /// The bundled sample: the `wknd-shared` configuration with its Adventure model, 20 adventures with their images,
    /// and the persisted queries `adventures-all`, `adventure-by-slug`, `adventures-paginated` and
    /// `adventure-by-path`. Loaded once per process.
    public static func sample() throws -> EmulatorContent {
        try cachedSample.get()
    }

    private static let cachedSample = Result<EmulatorContent, any Error> {
        guard let directory = sampleDirectory else {
            throw ContentPackageError.missingRoot(path: "the bundled sample content")
        }
        return try load(jcrRoot: directory.appendingPathComponent("jcr_root"))
    }

    /// The folder of the bundled sample's content package (`SampleContent`, with its `jcr_root`).
    public static var sampleDirectory: URL? { Bundle.module.url(forResource: "SampleContent", withExtension: nil) }

    // MARK: Fragments

    /// The paths of every fragment, sorted.
    public var fragmentPaths: [String] {
        repository.fragments.keys.sorted()
    }

    /// The fragment at `path`. Setting stores it at `path` (its own `path` is set to match); `nil` removes it.
    public subscript(fragment path: String) -> ContentFragment? {
        get { repository.fragments[path] }
        set {
            var fragment = newValue
            fragment?.path = path
            repository.fragments[path] = fragment
        }
    }

    /// The fragments whose master value of `field` is the text `value`, sorted by path.
    public func fragments(where field: String, is value: String) -> [ContentFragment] {
        repository.fragments.values.filter { $0.master[field]?.text == value }.sorted { $0.path < $1.path }
    }

    /// The path of the model titled `title` (`Adventure`), the value of a fragment's ``ContentFragment/modelPath``.
    public func modelPath(titled title: String) -> String? {
        repository.models.values.filter { $0.title == title }.map(\.path).min()
    }

    /// The fragments of the model titled `title` (`Adventure`), sorted by path.
    public func fragments(ofModelTitled title: String) -> [ContentFragment] {
        let models = Set(repository.models.values.filter { $0.title == title }.map(\.path))
        return repository.fragments.values.filter { models.contains($0.modelPath) }.sorted { $0.path < $1.path }
    }

    // MARK: Assets

    /// The paths of every asset that is not a fragment, sorted.
    public var assetPaths: [String] {
        repository.assets.keys.sorted()
    }

    /// The asset at `path`. Setting stores it at `path` (its own `path` is set to match); `nil` removes it.
    public subscript(asset path: String) -> DamAsset? {
        get { repository.assets[path] }
        set {
            var asset = newValue
            asset?.path = path
            repository.assets[path] = asset
        }
    }

    /// The bytes the asset at `path` serves (a placeholder's, for an asset whose original the package leaves out);
    /// `nil` when there is no such asset or its bytes are synthetic.
    public func bytes(ofAssetAt path: String) throws -> Data? {
        try repository.assets[path]?.originalBytes()
    }

    /// The bytes the emulator answers an asset delivery request with (`/adobe/dynamicmedia/deliver/dm-aid--<uuid>/x.jpg?
    /// width=1200`, `/adobe/assets/<urn>/as/x.webp`, …): the image rendered as the target asks. Nil when the target
    /// names no asset or gets no image (a bad modifier, an asset that is not an image, synthetic bytes).
    public func deliveredBytes(at target: String) async -> Data? {
        guard let route = AssetRoute(rawTarget: target) else { return nil }
        let endpoints = AssetDeliveryEndpoints(
            assets: ServedAssets(repository.assets), renditions: .shared)
        let reply = await endpoints.answer(route, parameters: QueryParameters(rawTarget: target), accept: nil)
        guard case .asset(let served) = reply else {
            return nil
        }
        if case .synthetic = served.asset.bytes { return nil }
        var data = Data(capacity: served.payload.count)
        while data.count < served.payload.count {
            data.append(contentsOf: served.payload.chunk(from: data.count, to: served.payload.count).readableBytesView)
        }
        return data
    }

    // MARK: Persisted queries

    /// The short paths of every persisted query (`/wknd-shared/adventures-all`), sorted.
    public var queryPaths: [String] {
        repository.queries.keys.sorted()
    }

    /// The persisted query at `shortPath` (`/wknd-shared/adventures-all`). Setting stores it; `nil` removes it.
    public subscript(query shortPath: String) -> StoredQuery? {
        get { repository.queries[shortPath] }
        set { repository.queries[shortPath] = newValue }
    }
}
