/// The content of one emulator, indexed for answering requests.
struct ContentCatalog: Sendable {
    /// Adventures in their default order.
    let adventures: [EmulatorAdventure]
    private let adventuresByPath: [String: EmulatorAdventure]
    private let imagesByPath: [String: ServedImage]
    private let imagesByAssetID: [String: ServedImage]

    init(_ content: EmulatorContent) {
        adventures = content.adventures
        adventuresByPath = Dictionary(content.adventures.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let images = content.adventures.compactMap(\.primaryImage).map(ServedImage.init)
        imagesByPath = Dictionary(images.map { ($0.image.path, $0) }, uniquingKeysWith: { first, _ in first })
        imagesByAssetID = Dictionary(images.map { ($0.image.assetID, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func adventure(atPath path: String) -> EmulatorAdventure? {
        adventuresByPath[path]
    }

    func image(atPath path: String) -> ServedImage? {
        imagesByPath[path]
    }

    /// The image a `_dynamicUrl` path (`/adobe/dynamicmedia/deliver/dm-aid--<uuid>/<name>`) delivers.
    func image(atDeliveryPath path: String) -> ServedImage? {
        guard path.hasPrefix(ImageTransform.deliveryPrefix) else { return nil }
        let rest = path.dropFirst(ImageTransform.deliveryPrefix.count)
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        return imagesByAssetID[String(rest[..<slash])]
    }
}

/// An image with the validator and byte source used to serve it.
struct ServedImage: Sendable {
    let image: EmulatorImage
    let payload: Payload
    /// A strong entity tag derived from the bytes.
    let etag: String

    init(_ image: EmulatorImage) {
        self.image = image
        switch image.bytes {
        case .data(let data):
            payload = Payload(data)
            etag = "\"\(ContentHash.hex(data))\""
        case .synthetic(let byteCount):
            payload = Payload.synthetic(byteCount: byteCount)
            etag = "\"synthetic-\(byteCount)\""
        }
    }
}
