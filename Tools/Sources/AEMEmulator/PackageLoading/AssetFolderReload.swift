import Foundation

/// Applies edits of a content package to its loaded repository one DAM asset at a time, so that saving one fragment
/// of a large package reads that fragment's folder again, not the whole package.
///
/// Each changed file must lie in the folder of a `dam:Asset` under `/content/dam` — a fragment or an asset whose
/// folder has a `.content.xml` of its own (as FileVault writes them), or one the repository held there. That folder
/// is read again (or its node removed when its `.content.xml` is gone). Any other change (a model, a stored query,
/// a folder's own description) cannot be applied this way: the whole package is loaded again.
enum AssetFolderReload {
    /// A repository with some folders read again.
    struct Patched {
        var repository: ContentRepository
        /// The repository paths of the folders read again: the only fragments and assets that can differ.
        var paths: Set<String>
    }

    /// `repository` with the assets and fragments of `changedFiles` (paths of files under `jcrRoot`, added, changed
    /// or removed) read again; nil when a change lies outside such a folder.
    static func apply(_ changedFiles: Set<String>, jcrRoot: URL, to repository: ContentRepository)
        throws(ContentPackageError) -> Patched?
    {
        let root = jcrRoot.standardizedFileURL.path
        var folders: [String: String] = [:] // file-system folder → repository path
        for file in changedFiles {
            guard let (folder, path) = assetFolder(of: file, root: root, repository: repository) else { return nil }
            folders[folder] = path
        }
        var patched = repository
        for (folder, path) in folders {
            patched.fragments[path] = nil
            patched.assets[path] = nil
            guard FileManager.default.fileExists(atPath: folder + "/.content.xml") else { continue }
            var node = try PackageTree.load(jcrRoot: URL(fileURLWithPath: folder, isDirectory: true))
            node.name = String(path.split(separator: "/").last ?? "")
            guard node.primaryType == "dam:Asset" else { return nil }
            if let fragment = FragmentReader.fragment(node, path: path) {
                patched.fragments[path] = fragment
            } else if let asset = AssetReader.asset(node, path: path) {
                patched.assets[path] = asset
            }
        }
        return Patched(repository: patched, paths: Set(folders.values))
    }

    /// The folder of the `dam:Asset` that holds `file`, with its repository path: the deepest folder above the file,
    /// below `/content/dam`, that the repository holds a fragment or asset at, or whose `.content.xml` declares a
    /// `dam:Asset`.
    private static func assetFolder(of file: String, root: String, repository: ContentRepository)
        -> (folder: String, path: String)?
    {
        guard file.hasPrefix(root + "/content/dam/") else { return nil }
        let relative = file.dropFirst(root.count + 1).split(separator: "/").map(String.init)
        // The folders above the file, deepest first, below content/dam.
        for depth in stride(from: relative.count - 1, through: 3, by: -1) {
            let names = relative.prefix(depth)
            let folder = root + "/" + names.joined(separator: "/")
            let path = "/" + names.map { PlatformName.repositoryName(fileName: $0) }.joined(separator: "/")
            if repository.fragments[path] != nil || repository.assets[path] != nil { return (folder, path) }
            let description = URL(fileURLWithPath: folder + "/.content.xml")
            if FileManager.default.fileExists(atPath: description.path),
                (try? DocViewParser.parse(description, name: ""))?.primaryType == "dam:Asset"
            {
                return (folder, path)
            }
        }
        return nil
    }
}
