import AEMEmulator
import Foundation

/// The sample content's adventures, as tests change them: found by slug, copied, added with hostile slugs, given huge
/// synthetic images.
extension EmulatorContent {
    /// The folder that holds the sample adventures.
    public static let adventuresFolder = "/content/dam/wknd-shared/en/adventures"

    /// The English language copy, which the sample's queries list unless asked for another locale.
    public static let englishFolder = "/content/dam/wknd-shared/en/"

    /// The fragments of the Adventure model in the English language copy, sorted by path: the adventures the
    /// sample's queries list by default (the German copies under `/de/` are left out).
    public var adventures: [ContentFragment] {
        fragments(ofModelTitled: "Adventure").filter { $0.path.hasPrefix(Self.englishFolder) }
    }

    /// The English adventure with this slug. Setting replaces it (or adds one); `nil` removes it.
    public subscript(slug slug: String) -> ContentFragment? {
        get { fragments(where: "slug", is: slug).first { $0.path.hasPrefix(Self.englishFolder) } }
        set {
            if let old = self[slug: slug] { self[fragment: old.path] = nil }
            if let newValue { self[fragment: newValue.path] = newValue }
        }
    }

    /// A new adventure of the sample's model, at `<adventuresFolder>/<slug>/<slug>` unless `path` is given.
    public func makeAdventure(slug: String, title: String, path: String? = nil, primaryImage: String? = nil)
        -> ContentFragment
    {
        var master: [String: JCRValue] = ["slug": .string(slug), "title": .string(title)]
        if let primaryImage { master["primaryImage"] = .string(primaryImage) }
        return ContentFragment(
            path: path ?? "\(Self.adventuresFolder)/\(slug)/\(slug)", uuid: UUID().uuidString.lowercased(),
            modelPath: modelPath(titled: "Adventure") ?? "", title: title, master: master)
    }

    /// Gives the primary image of adventure `slug` `byteCount` synthetic bytes, generated while they are sent; adds an
    /// image at `<folder>/<slug>-large.jpg` when it had none.
    public mutating func setSyntheticImage(forSlug slug: String, byteCount: Int) {
        guard var adventure = self[slug: slug] else { return }
        if let path = adventure.primaryImagePath, var asset = self[asset: path] {
            asset.bytes = .synthetic(byteCount: byteCount)
            self[asset: path] = asset
            return
        }
        let path = "\(Self.adventuresFolder)/\(slug)/\(slug)-large.jpg"
        self[asset: path] = DamAsset(
            path: path, uuid: UUID().uuidString.lowercased(), mimeType: "image/jpeg", width: 8000, height: 6000,
            lastModified: Date(timeIntervalSince1970: 1_714_550_400), bytes: .synthetic(byteCount: byteCount))
        adventure.master["primaryImage"] = .string(path)
        self[slug: slug] = adventure
    }

    /// The bytes the emulator delivers at the primary image of `slug`'s `_dynamicUrl` as the sample queries ask for
    /// it by default (JPEG, quality 80, at most 1200 pixels wide); nil when it has none.
    public func primaryImageBytes(ofSlug slug: String) async throws -> Data? {
        guard let path = self[slug: slug]?.primaryImagePath, let asset = self[asset: path] else { return nil }
        return await deliveredBytes(
            at: "/adobe/dynamicmedia/deliver/dm-aid--\(asset.uuid)/image.jpg?quality=80&preferwebp=true&width=1200")
    }
}

extension ContentFragment {
    /// The master value of `slug`.
    public var slug: String { master["slug"]?.text ?? "" }

    /// The DAM path in the master value of `primaryImage`.
    public var primaryImagePath: String? { master["primaryImage"]?.text }
}
