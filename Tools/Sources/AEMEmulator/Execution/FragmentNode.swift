/// A fragment as the source of a model type's fields: its values in the requested variation, and the asset
/// transform of the query that reached it.
struct FragmentNode: Sendable {
    let fragment: ContentFragment
    /// The GraphQL type of its model (`AdventureModel`).
    let typeName: String
    /// The variation asked for (`nil`: master).
    let variation: String?
    /// The query's `_assetTransform`, applied to every image below this fragment.
    let transform: AssetTransformation?

    /// The value of the field `name`: the variation's, else the master's.
    func value(of name: String) -> JCRValue? { fragment.value(of: name, variation: variation) }

    /// The name of the variation served: the one asked for when the fragment has it, else `master`.
    var variationName: String {
        guard let variation, fragment.variations.contains(where: { $0.name == variation }) else { return "master" }
        return variation
    }
}

/// What a content reference points to: an asset or a page, the source of the reference types' shared fields.
protocol ReferenceNode: Sendable {
    /// Its repository path, `_path`.
    var path: String { get }
    /// Its GraphQL type (`ImageRef`, `PageRef`…).
    var typeName: String { get }
}

/// An asset that is not a fragment, as the source of `ImageRef`, `DocumentRef`, `MultimediaRef` or `ArchiveRef`.
struct AssetNode: ReferenceNode {
    let asset: DamAsset
    let transform: AssetTransformation?

    var path: String { asset.path }

    /// The GraphQL type AEM gives an asset of this MIME type.
    var typeName: String { SchemaRules.referenceTypeName(mimeType: asset.mimeType) }
}

/// A page a content reference points to, as the source of `PageRef`.
struct PageNode: ReferenceNode {
    let path: String

    var typeName: String { "PageRef" }
}

extension ContentFragment {
    /// The value of the field `name` in `variation`, falling back to the master's when the variation has none.
    func value(of name: String, variation: String?) -> JCRValue? {
        guard let variation, variation != "master",
            let values = variations.first(where: { $0.name == variation })?.values
        else { return master[name] }
        return values[name] ?? master[name]
    }
}
