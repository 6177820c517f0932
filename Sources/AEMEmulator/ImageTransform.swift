/// The `_assetTransform` of a query, and the `_dynamicUrl` it gives an image (aem-wire.md §4):
/// `/adobe/dynamicmedia/deliver/dm-aid--<uuid>/<name>.<ext>?quality=80&preferwebp=true&width=1200`.
struct ImageTransform: Sendable {
    /// An `AssetTransformFormat` name such as `JPG`.
    var format: String
    var width: Int?
    var quality: Int?
    /// The file name to use instead of the asset's own.
    var seoName: String?

    /// The path prefix under which images are delivered by asset ID.
    static let deliveryPrefix = "/adobe/dynamicmedia/deliver/dm-aid--"

    /// The values of the `AssetTransformFormat` enumeration.
    static let formats = ["GIF", "PNG8", "PNG", "JPG", "PJPG", "BJPG", "WEBP", "WEBPALPHA", "WEBPALPHA8"]

    /// The `_dynamicUrl` of `image`, prefixed with `base` (scheme and host) when given.
    func dynamicURL(for image: EmulatorImage, base: String?) -> String {
        let name = (seoName?.isEmpty == false ? seoName : nil) ?? image.baseName
        var url = (base.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } ?? "")
        url += Self.deliveryPrefix + Self.encodePathSegment(image.assetID) + "/"
        url += Self.encodePathSegment(name) + "." + fileExtension
        var parameters: [String] = []
        if let quality { parameters.append("quality=\(quality)") }
        parameters.append("preferwebp=true")
        if let width { parameters.append("width=\(width)") }
        return url + "?" + parameters.joined(separator: "&")
    }

    private var fileExtension: String {
        switch format {
        case "GIF": "gif"
        case "PNG", "PNG8": "png"
        case "WEBP", "WEBPALPHA", "WEBPALPHA8": "webp"
        default: "jpg"
        }
    }

    /// Percent-encodes everything but unreserved characters (RFC 3986), as UTF-8.
    static func encodePathSegment(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return encoded
    }
}
