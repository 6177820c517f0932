import Foundation

/// Loads a FileVault content package's `jcr_root/` folder into a ``ContentRepository``: models under
/// `/conf/<configuration>/settings/dam/cfm/models`, fragments and assets under `/content/dam`, persisted queries
/// under `/conf/<configuration>/settings/graphql/persistentQueries`. Other nodes are ignored.
enum ContentPackageLoader {
    /// The repository stored in the package whose `jcr_root` folder is `jcrRoot`.
    static func load(jcrRoot: URL) throws(ContentPackageError) -> ContentRepository {
        let root = try PackageTree.load(jcrRoot: jcrRoot)
        var repository = ContentRepository(models: [:], fragments: [:], assets: [:], queries: [:])
        try visit(root, path: "", into: &repository)
        return repository
    }

    private static func visit(_ node: DocViewNode, path: String, into repository: inout ContentRepository)
        throws(ContentPackageError)
    {
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
        if node.primaryType == "dam:Asset", path.hasPrefix("/content/dam/") {
            if let fragment = FragmentReader.fragment(node, path: path) {
                repository.fragments[path] = fragment
            } else if let asset = AssetReader.asset(node, path: path) {
                repository.assets[path] = asset
            }
            return
        }
        for child in node.children where child.name != "jcr:content" {
            try visit(child, path: path + "/" + child.name, into: &repository)
        }
    }
}
