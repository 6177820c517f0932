/// The images a delivered fragment shows, for downloads and mirrors.
extension DeliveredFragment {
    /// The images the fragment's fields point to, in field order, each once: asset references
    /// that are images (as far as `references` holds them: fetch with `.direct` or more), and
    /// DAM paths of images written into text fields. Each names the fragment (its `slug` field,
    /// when it has one, and its path) and the field.
    public var referencedImages: [ReferencedImage] {
        var images: [ReferencedImage] = []
        var seen: Set<String> = []
        let slug = field("slug")?.stringValue
        for member in fields.members ?? [] {
            let values = member.value.arrayValue ?? [member.value]
            for value in values {
                guard let text = value.stringValue, !text.isEmpty else { continue }
                let image: ImageReference
                var assetID: AssetID?
                if let reference = references[text] {
                    guard case .asset(let asset) = reference, asset.isImage
                    else { continue }
                    image = ImageReference(path: asset.path, mimeType: asset.mimeType)
                    assetID = asset.id.flatMap { AssetID($0) }
                } else if text.hasPrefix("/content/dam/"), DeliveredAsset.isImage(path: text, mimeType: nil) {
                    image = ImageReference(path: text)
                } else {
                    continue
                }
                guard let path = image.path, seen.insert(path).inserted else { continue }
                images.append(
                    ReferencedImage(
                        reference: image, ownerSlug: slug, ownerPath: self.path, field: member.key, assetID: assetID))
            }
        }
        return images
    }
}

extension DeliveredAsset {
    /// Whether the asset is an image: by its MIME type, else by its file extension.
    public var isImage: Bool { Self.isImage(path: path, mimeType: mimeType) }

    private static let imageExtensions: Set<String> = [
        "jpg", "jpeg", "png", "gif", "webp", "avif", "svg", "tif", "tiff", "bmp", "heic",
    ]

    /// An image by its MIME type, or by the file extension of `path` when the type is not known.
    static func isImage(path: String, mimeType: String?) -> Bool {
        if let mimeType { return mimeType.lowercased().hasPrefix("image/") }
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return imageExtensions.contains(path[path.index(after: dot)...].lowercased())
    }
}
