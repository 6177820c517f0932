import Foundation

/// A FileVault content package loaded into memory: its fragment models, fragments, DAM assets and persisted
/// queries. Asset bytes stay in the package's files and are read when served.
public struct ContentPackage: Sendable, CustomStringConvertible {
    let repository: ContentRepository

    /// Loads the package whose `jcr_root` folder is `jcrRoot` (`ui.content/src/main/content/jcr_root`).
    ///
    /// Throws when the folder is missing, a file cannot be read, or a `.content.xml` is not well-formed (the error
    /// names the file and line). Nodes that are not models, fragments, assets or persisted queries are ignored.
    public init(jcrRoot: URL) throws(ContentPackageError) {
        repository = try ContentPackageLoader.load(jcrRoot: jcrRoot)
    }

    /// A one-line summary: `3 models, 30 fragments, 19 assets, 9 persisted queries`, then how many assets the
    /// package holds without their original (`; 90 assets without their original, served as placeholders`).
    public var description: String {
        let placeholders = repository.assets.values.count { if case .placeholder = $0.bytes { true } else { false } }
        return "\(repository.models.count) models, \(repository.fragments.count) fragments, "
            + "\(repository.assets.count) assets, \(repository.queries.count) persisted queries"
            + (placeholders == 1 ? "; 1 asset without its original, served as a placeholder" : "")
            + (placeholders > 1 ? "; \(placeholders) assets without their original, served as placeholders" : "")
    }
}
