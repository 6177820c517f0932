import AEMHeadless
import Foundation

/// The fragments a `FragmentSyncSource` mirrored, read offline as the delivery API returns them.
///
/// ```swift
/// let store = try ContentStore(directory: URL(fileURLWithPath: "wknd-en"))  // wknd sync wknd-en --fragments /content/dam/wknd-shared/en
/// if let article = try store.deliveredFragment(path: "/content/dam/wknd-shared/en/magazine/arctic-surfing/aloha-spirits-in-northern-norway") {
///     let author = article.referencedFragments(in: "authorFragment").first
///     // What the author references is in the article's map too: the API flattens `references`.
///     if let picture = author?.identifiers(in: "profilePicture").first,
///         case .asset(let asset)? = article.references[picture]
///     {
///         let file = store.imageFile(for: asset)   // file:///…/images/…
///     }
/// }
/// ```
extension ContentStore {
    /// Every fragment, ordered by path, as `aem.execute(.fragment(id:references: .allHydrated))` returns
    /// it: with every fragment, asset and tag it reaches in `references`. A stored fragment that is
    /// not a delivery fragment (a query's item) is skipped.
    public func deliveredFragments() throws -> [DeliveredFragment] {
        try fragments().compactMap { try? Self.delivered(from: $0.json) }
    }

    /// The fragment at this path with its references, or nil when the store has none.
    /// - Throws: `SyncError.storage` when the store cannot be read; `DecodingError` when the
    ///   fragment there is not a delivery fragment (the folder mirrors something else).
    public func deliveredFragment(path: String) throws -> DeliveredFragment? {
        try fragment(path: path).map { try Self.delivered(from: $0.json) }
    }

    /// The fragment with this id with its references, or nil when the store has none.
    /// - Throws: as `deliveredFragment(path:)`.
    public func deliveredFragment(id: String) throws -> DeliveredFragment? {
        // A delivery fragment's id is kept as its slug: it identifies the fragment across moves.
        try fragment(slug: id).map { try Self.delivered(from: $0.json) }
    }

    /// The local file of an image asset a fragment references; nil when the store has no file for it.
    public func imageFile(for asset: DeliveredAsset) -> URL? {
        try? imageFile(forLocation: asset.path)
    }

    private static func delivered(from json: Data) throws -> DeliveredFragment {
        try DeliveredFragment(UntypedJSON(parsing: json))
    }
}
