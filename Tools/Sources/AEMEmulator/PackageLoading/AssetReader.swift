import AEMWireFormats
import Foundation

/// Reads a DAM asset that is not a fragment: a `dam:Asset` with its original rendition stored as the file
/// `_jcr_content/renditions/original`, or an image asset whose original the package leaves out (served as a
/// `PlaceholderImage`).
enum AssetReader {
    /// The asset `node` stores at `path`, or `nil` when it has no `jcr:content`, or neither an original rendition in
    /// the package nor an image type a placeholder stands for.
    static func asset(_ node: DocViewNode, path: String) -> DamAsset? {
        guard let content = node.child("jcr:content") else { return nil }
        let original = content.descendant("renditions/original")
        let metadata = content.child("metadata")
        let mimeType =
            original?.descendant("jcr:content")?.text("jcr:mimeType") ?? original?.text("jcr:mimeType")
            ?? metadata?.text("dc:format") ?? mimeType(forName: node.name)
        let bytes: DamAsset.Bytes
        if let file = original?.file {
            bytes = .file(file)
        } else if content.value("contentFragment") != .boolean(true), PlaceholderImage.stands(for: mimeType) {
            // A fragment the reader could not take (its model missing) is not an image.
            bytes = .placeholder
        } else {
            return nil
        }
        let lastModified: JCRValue? = content.value("jcr:lastModified")
        return DamAsset(
            path: path, uuid: node.text("jcr:uuid") ?? StableUUID.forPath(path), mimeType: mimeType,
            width: dimension(metadata, "tiff:ImageWidth", "exif:PixelXDimension"),
            height: dimension(metadata, "tiff:ImageLength", "exif:PixelYDimension"),
            lastModified: lastModified?.date, author: metadata?.value("dc:creator")?.elements.first?.text,
            bytes: bytes)
    }

    /// The first of `names` that holds a positive whole number.
    private static func dimension(_ metadata: DocViewNode?, _ names: String...) -> Int? {
        for name in names {
            switch metadata?.value(name) {
            case .long(let value) where value > 0: return value
            case .string(let text): if let value = Int(text), value > 0 { return value }
            case .array(let values): if case .long(let value) = values.first, value > 0 { return value }
            default: continue
            }
        }
        return nil
    }

    /// The MIME type an asset's file name suggests; `application/octet-stream` when it suggests none.
    static func mimeType(forName name: String) -> String {
        MediaTypes.type(ofPath: name) ?? "application/octet-stream"
    }
}
