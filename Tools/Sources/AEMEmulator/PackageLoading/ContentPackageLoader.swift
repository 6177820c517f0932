import Foundation

/// Loads a FileVault content package's `jcr_root/` folder into a ``ContentRepository``: models under
/// `/conf/<configuration>/settings/dam/cfm/models`, fragments and assets under `/content/dam`, persisted queries
/// under `/conf/<configuration>/settings/graphql/persistentQueries`. Other nodes are ignored.
enum ContentPackageLoader {
    /// The repository stored in the package whose `jcr_root` folder is `jcrRoot`.
    static func load(jcrRoot: URL) throws(ContentPackageError) -> ContentRepository {
        // Fragments are read as their files are parsed, so that their node trees are never all held at once.
        let (root, fragments) = try PackageTree.load(jcrRoot: jcrRoot) { node, path in
            isDamAsset(node, path: path) ? FragmentReader.fragment(node, path: path) : nil
        }
        var repository = ContentRepository(models: [:], fragments: [:], assets: [:], queries: [:])
        for fragment in fragments { repository.fragments[fragment.path] = fragment }
        var damAssets: [(node: DocViewNode, path: String)] = []
        try visit(root, path: "", into: &repository, damAssets: &damAssets)
        let read = damAssets.concurrentMap { asset in
            let fragment = FragmentReader.fragment(asset.node, path: asset.path)
            return (fragment, fragment == nil ? AssetReader.asset(asset.node, path: asset.path) : nil)
        }
        for (fragment, asset) in read {
            if let fragment {
                repository.fragments[fragment.path] = fragment
            } else if let asset {
                repository.assets[asset.path] = asset
            }
        }
        return repository
    }

    /// Reads models and queries into `repository` and collects the `dam:Asset` nodes, read afterwards on all cores.
    private static func visit(
        _ node: DocViewNode, path: String, into repository: inout ContentRepository,
        damAssets: inout [(node: DocViewNode, path: String)]
    ) throws(ContentPackageError) {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        if segments.first == "conf", segments.count >= 3, segments[2] == "settings" {
            let configuration = String(segments[1])
            let settings = segments.dropFirst(3)
            if settings.count == 4, settings.starts(with: ["dam", "cfm", "models"]) {
                if let model = ModelReader.model(node, path: path, configuration: configuration) {
                    repository.models[path] = model
                }
                return
            }
            if settings.count == 3, settings.starts(with: ["graphql", "persistentQueries"]) {
                if let query = try QueryReader.query(node, configuration: configuration) {
                    repository.queries[query.shortPath] = query
                }
                return
            }
        }
        if isDamAsset(node, path: path) {
            damAssets.append((node, path))
            return
        }
        for child in node.children where child.name != "jcr:content" {
            try visit(child, path: path + "/" + child.name, into: &repository, damAssets: &damAssets)
        }
    }

    /// Whether `node` is a DAM asset (a fragment or a file), which only `/content/dam` holds.
    private static func isDamAsset(_ node: DocViewNode, path: String) -> Bool {
        node.primaryType == "dam:Asset" && path.hasPrefix("/content/dam/")
    }
}
