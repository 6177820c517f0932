import Foundation

/// An image (`ImageRef`) found in a query's answer, with the fragment it belongs to: what a
/// file name can be made from.
public struct ReferencedImage: Sendable, Hashable {
    /// The image as the answer describes it.
    public var reference: ImageReference
    /// The `slug` of the nearest fragment around the image, when it has one.
    public var ownerSlug: String?
    /// The `_path` of the nearest fragment around the image, when it has one.
    public var ownerPath: String?
    /// The field that holds the image, such as `primaryImage`.
    public var field: String?
    /// The asset's id, when the answer names it (the REST delivery API's references): what Dynamic Media with
    /// OpenAPI delivers it by (`AssetDeliveryURLs`).
    public var assetID: AssetID?

    /// An image with what is known of the fragment and field that hold it.
    package init(
        reference: ImageReference, ownerSlug: String? = nil, ownerPath: String? = nil, field: String? = nil,
        assetID: AssetID? = nil
    ) {
        self.reference = reference
        self.ownerSlug = ownerSlug
        self.ownerPath = ownerPath
        self.field = field
        self.assetID = assetID
    }
}

extension UntypedJSON {
    /// Every image reference in this value, in the order they appear: objects whose `__typename`
    /// is `ImageRef`, or, without a `__typename`, objects of only `ImageRef`'s fields (`_path`,
    /// `_dynamicUrl`, `_authorUrl`, `_publishUrl`, `mimeType`, `width`, `height`) with a
    /// `_dynamicUrl` or `_path` — an object of `_path` alone counts only when the path names an
    /// image file, since a fragment asked only for its `_path` looks the same.
    ///
    /// Each comes with the nearest enclosing object that has a `slug` or a `_path` (its fragment).
    public var referencedImages: [ReferencedImage] {
        var found: [ReferencedImage] = []
        collectImages(into: &found, owner: nil, field: nil)
        return found
    }

    private func collectImages(
        into found: inout [ReferencedImage], owner: (slug: String?, path: String?)?, field: String?
    ) {
        switch self {
        case .array(let elements):
            for element in elements { element.collectImages(into: &found, owner: owner, field: field) }
        case .object(let members):
            if Self.isImageReference(self, members: members) {
                guard let reference = try? ImageReference(json: self),
                    reference.location != nil
                else { return }
                found.append(
                    ReferencedImage(reference: reference, ownerSlug: owner?.slug, ownerPath: owner?.path, field: field))
                return
            }
            let slug = self["slug"]?.stringValue
            let path = self["_path"]?.stringValue
            let inner: (slug: String?, path: String?)? = slug != nil || path != nil ? (slug: slug, path: path) : owner
            for member in members { member.value.collectImages(into: &found, owner: inner, field: member.key) }
        default:
            return
        }
    }

    private static let imageFields: Set<String> = [
        "_path", "_dynamicUrl", "_authorUrl", "_publishUrl", "mimeType", "width", "height", "__typename",
    ]
    private static let imageOnlyFields: Set<String> = [
        "_dynamicUrl", "_authorUrl", "_publishUrl", "mimeType", "width", "height",
    ]
    private static let imageExtensions: Set<String> = [
        "jpg", "jpeg", "png", "gif", "webp", "avif", "svg", "tif", "tiff", "bmp", "heic",
    ]

    private static func isImageReference(_ value: UntypedJSON, members: [Member]) -> Bool {
        if let typename = value["__typename"]?.stringValue { return typename == "ImageRef" }
        guard members.allSatisfy({ imageFields.contains($0.key) }),
            value["_dynamicUrl"]?.stringValue != nil || value["_path"]?.stringValue != nil
        else { return false }
        if members.contains(where: { imageOnlyFields.contains($0.key) }) { return true }
        let name = value["_path"]?.stringValue?.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: ".") else { return false }
        return imageExtensions.contains(name[name.index(after: dot)...].lowercased())
    }
}
