import Foundation
import NIOConcurrencyHelpers

/// The assets of a repository as served over HTTP, found by DAM path or by the `dm-aid--<uuid>` of a `_dynamicUrl`.
/// Each asset's bytes and entity tag are read once, the first time it is asked for.
final class ServedAssets: Sendable {
    private let byPath: [String: DamAsset]
    private let byUUID: [String: DamAsset]
    private let loaded = NIOLockedValueBox<[String: ServedAsset]>([:])

    /// The path prefix under which images are delivered by asset ID.
    static let deliveryPrefix = "/adobe/dynamicmedia/deliver/dm-aid--"

    init(_ assets: [String: DamAsset]) {
        byPath = assets
        byUUID = Dictionary(assets.values.map { ($0.uuid, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The asset at a DAM path or a `_dynamicUrl` path (`/adobe/dynamicmedia/deliver/dm-aid--<uuid>/<name>`), or
    /// `nil` when there is none or its file cannot be read.
    func asset(atRequestPath path: String) -> ServedAsset? {
        guard let asset = byPath[path] ?? deliveredAsset(path) else { return nil }
        if let served = loaded.withLockedValue({ $0[asset.path] }) { return served }
        guard let served = ServedAsset(asset) else { return nil }
        loaded.withLockedValue { $0[asset.path] = served }
        return served
    }

    private func deliveredAsset(_ path: String) -> DamAsset? {
        guard path.hasPrefix(Self.deliveryPrefix) else { return nil }
        let rest = path.dropFirst(Self.deliveryPrefix.count)
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        return byUUID[String(rest[..<slash])]
    }
}

/// An asset with the validator and byte source used to serve it.
struct ServedAsset: Sendable {
    let asset: DamAsset
    let payload: Payload
    /// A strong entity tag derived from the bytes.
    let etag: String
    /// Sent as `Last-Modified`; the asset's own date, else the Unix epoch.
    var lastModified: Date { asset.lastModified ?? Date(timeIntervalSince1970: 0) }

    /// The served form of `asset`; `nil` when its file cannot be read.
    init?(_ asset: DamAsset) {
        self.asset = asset
        switch asset.bytes {
        case .file(let url):
            guard let data = try? Data(contentsOf: url, options: .alwaysMapped) else { return nil }
            payload = Payload(data)
            etag = "\"\(ContentHash.hex(data))\""
        case .data(let data):
            payload = Payload(data)
            etag = "\"\(ContentHash.hex(data))\""
        case .synthetic(let byteCount):
            payload = Payload.synthetic(byteCount: byteCount)
            etag = "\"synthetic-\(byteCount)\""
        }
    }
}
