import AEMHeadless
import Foundation
import WKNDCore

/// Which rendering of each image `wknd download` fetches: as the answer gives it, transformed (`--width`, `--format`,
/// …), or the original (`--original`).
struct ImageSelection: Sendable {
    var transform = ImageTransform.defaults
    var original = false
    /// Where Dynamic Media with OpenAPI URLs point (`--delivery-host`); nil for the AEM origin.
    var deliveryOrigin: AemOrigin?

    /// The URL to fetch `image` from on `origin`: the original at its `_path` with `--original`; a `_dynamicUrl` with
    /// the transform's modifiers set; an image known only by path and asset id (the REST delivery API) through
    /// Dynamic Media with OpenAPI when there is a transform; else the URL the answer gives.
    func url(for image: ReferencedImage, on origin: AemOrigin) -> URL? {
        url(for: image.reference, assetID: image.assetID, on: origin)
    }

    /// `url(for:on:)` of an image known by its reference and, from the REST delivery API, its asset id.
    func url(for reference: ImageReference, assetID: AssetID? = nil, on origin: AemOrigin) -> URL? {
        if original, let path = reference.path, let url = ImageReference(path: path).url(on: origin) { return url }
        guard !transform.isEmpty else { return reference.url(on: origin) }
        if reference.dynamicUrl?.isEmpty == false { return reference.url(on: origin, transform: transform) }
        if let id = assetID, let path = reference.path {
            let name = path.split(separator: "/").last.map(String.init) ?? "image"
            return AssetDeliveryURLs(origin: deliveryOrigin ?? origin).image(id, name: name, transform: transform)
        }
        return reference.url(on: origin)
    }
}

extension AemOrigin {
    /// The origin `--delivery-host` names: a URL, or a host name alone for `https://<name>`.
    init?(deliveryHost text: String) {
        let text = text.contains("://") ? text : "https://" + text
        guard let url = URL(string: text), url.path.isEmpty || url.path == "/", let origin = AemOrigin(of: url) else {
            return nil
        }
        self = origin
    }
}
