import GraphQL

/// The `_assetTransform` argument of a query (an `AssetTransform` input), and the `_dynamicUrl` it gives an image
/// (aem-wire.md §4): `/adobe/dynamicmedia/deliver/dm-aid--<uuid>/<name>.<ext>?quality=80&preferwebp=true&width=1200`.
struct AssetTransformation: Sendable, Equatable {
    /// An `AssetTransformFormat` name such as `JPG`.
    var format: String?
    var seoName: String?
    var width: Int?
    var quality: Int?
    var preferWebp: Bool?
    /// `crop { xOrigin yOrigin width height }`.
    var crop: [Int]?
    /// `size { width height }`.
    var size: [Int]?
    /// `R90`, `R180`, `R270`.
    var rotation: String?
    /// `HORIZONTAL`, `VERTICAL`, `HORIZONTAL_AND_VERTICAL`.
    var flip: String?

    /// The path prefix under which images are delivered by asset ID.
    static let deliveryPrefix = AssetRoute.dynamicMediaRoot + "dm-aid--"

    /// The transform given by an `AssetTransform` argument value, `nil` when absent or null.
    init?(_ argument: Map) {
        guard case .dictionary(let members) = argument else { return nil }
        func int(_ value: Map?) -> Int? {
            if case .number(let number)? = value { return number.intValue }
            return nil
        }
        func string(_ value: Map?) -> String? {
            if case .string(let text)? = value { return text }
            return nil
        }
        format = string(members["format"])
        seoName = string(members["seoName"])
        width = int(members["width"])
        quality = int(members["quality"])
        if case .bool(let value)? = members["preferWebp"] { preferWebp = value }
        if case .dictionary(let crop)? = members["crop"] {
            let values = ["xOrigin", "yOrigin", "width", "height"].compactMap { int(crop[$0]) }
            self.crop = values.count == 4 ? values : nil
        }
        if case .dictionary(let size)? = members["size"] {
            let values = ["width", "height"].compactMap { int(size[$0]) }
            self.size = values.count == 2 ? values : nil
        }
        rotation = string(members["rotation"])
        flip = string(members["flip"])
    }

    /// The `_dynamicUrl` of `asset` under this transform (or none), prefixed with `base` (scheme and host) when given.
    static func dynamicURL(for asset: DamAsset, transform: AssetTransformation?, base: String?) -> String {
        let fileName = asset.path.split(separator: "/").last.map(String.init) ?? "image"
        let dot = fileName.lastIndex(of: ".").flatMap { $0 == fileName.startIndex ? nil : $0 }
        let baseName = dot.map { String(fileName[..<$0]) } ?? fileName
        let ownExtension = dot.map { String(fileName[fileName.index(after: $0)...]).lowercased() } ?? "jpg"
        let name = transform?.seoName.flatMap { $0.isEmpty ? nil : $0 } ?? baseName
        let fileExtension = transform?.format.map(Self.fileExtension) ?? ownExtension
        var url = base.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } ?? ""
        url +=
            deliveryPrefix + PathEncoding.segment(asset.uuid) + "/" + PathEncoding.segment(name) + "." + fileExtension
        let parameters = transform?.parameters ?? []
        return parameters.isEmpty ? url : url + "?" + parameters.joined(separator: "&")
    }

    /// The query parameters of the delivery URL.
    private var parameters: [String] {
        var parameters: [String] = []
        if let quality { parameters.append("quality=\(quality)") }
        if let preferWebp { parameters.append("preferwebp=\(preferWebp)") }
        if let width = width ?? size?[0] { parameters.append("width=\(width)") }
        if let size { parameters.append("height=\(size[1])") }
        if let crop { parameters.append("crop=" + crop.map(String.init).joined(separator: ",")) }
        if let rotation, let degrees = Int(rotation.dropFirst()) { parameters.append("rotate=\(degrees)") }
        switch flip {
        case "HORIZONTAL": parameters.append("flip=h")
        case "VERTICAL": parameters.append("flip=v")
        case "HORIZONTAL_AND_VERTICAL": parameters.append("flip=hv")
        default: break
        }
        return parameters
    }

    private static func fileExtension(_ format: String) -> String {
        switch format {
        case "GIF": "gif"
        case "PNG", "PNG8": "png"
        case "WEBP", "WEBPLL", "WEBPLY": "webp"
        default: "jpg"
        }
    }
}
