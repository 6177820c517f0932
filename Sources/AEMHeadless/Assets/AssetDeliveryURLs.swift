import Foundation

/// The URLs of Dynamic Media with OpenAPI (`/adobe/assets/<urn>/…`) on a delivery host: the
/// `delivery-p<P>-e<E>.adobeaemcloud.com` tier (`AemOrigin.cloudService(…, tier: .delivery)`), a customer's own
/// domain, or a stand-in. Only approved assets are delivered there.
///
/// ```swift
/// let delivery = AssetDeliveryURLs(origin: try AemOrigin.cloudService(program: "1", environment: "2", tier: .delivery))
/// let url = delivery.image(id, name: "bali-surf-camp.jpg", transform: try ImageTransform(width: 800, format: .webp))
/// // https://delivery-p1-e2.adobeaemcloud.com/adobe/assets/urn:aaid:aem:…/as/bali-surf-camp.webp?width=800
/// ```
public struct AssetDeliveryURLs: Sendable, Hashable {
    /// The delivery host.
    public var origin: AemOrigin

    /// URLs on `origin`.
    public init(origin: AemOrigin) {
        self.origin = origin
    }

    /// The web-optimized image: `/as/<seo>.<format>?<modifiers>`, the format `transform.format`, else `jpg`; the SEO
    /// name `transform.seoName`, else made from `name` (a file name).
    public func image(_ id: AssetID, name: String, transform: ImageTransform = .defaults) -> URL {
        url(id, "/as/" + seoName(name, transform) + "." + (transform.format ?? .jpg).fileExtension, transform)
    }

    /// The image in the format the server picks from `Accept` (JPEG or WebP; quality 65, 1024 pixels wide unless the
    /// transform says otherwise): `/as/<seo>?<modifiers>`.
    public func negotiatedImage(_ id: AssetID, name: String, transform: ImageTransform = .defaults) -> URL {
        url(id, "/as/" + seoName(name, transform), transform)
    }

    /// The original as uploaded: `/original/as/<seo>`.
    public func original(_ id: AssetID, name: String) -> URL {
        url(id, "/original/as/" + SEOName(fileName: name).rawValue, .defaults)
    }

    /// A rendition AEM made when the asset was processed: `/renditions/<rendition>/as/<seo>`.
    public func rendition(_ rendition: String, of id: AssetID, name: String) -> URL {
        url(
            id,
            "/renditions/" + PercentEncoding.encodeUnreserved(rendition) + "/as/" + SEOName(fileName: name).rawValue,
            .defaults)
    }

    /// The asset's metadata: `/metadata`.
    func metadata(_ id: AssetID) -> URL {
        url(id, "/metadata", .defaults)
    }

    private func seoName(_ name: String, _ transform: ImageTransform) -> String {
        transform.seoName ?? SEOName(fileName: name).rawValue
    }

    /// `origin/adobe/assets/<urn><suffix>?<modifiers>`: the urn raw (`:` is allowed in a path), the SEO name safe.
    private func url(_ id: AssetID, _ suffix: String, _ transform: ImageTransform) -> URL {
        var text = origin.description + "/adobe/assets/" + id.urn + suffix
        let modifiers = transform.urlModifiers
        if !modifiers.isEmpty {
            text +=
                "?"
                + modifiers.map { "\($0.name)=" + PercentEncoding.encodeQueryValue($0.value ?? "") }
                .joined(separator: "&")
        }
        // Every part is an origin checked when it was made, a hex uuid, safe names and encoded values.
        guard let url = URL(string: text) else { preconditionFailure("Not a URL: \(text)") }
        return url
    }
}
