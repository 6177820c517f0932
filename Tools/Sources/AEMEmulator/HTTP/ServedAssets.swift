import Foundation
import NIOConcurrencyHelpers

/// The assets of a repository as served over HTTP, found by DAM path or by `jcr:uuid` (asset delivery routes).
/// Each asset's bytes and entity tag are read once, the first time it is asked for; requests that ask for it
/// meanwhile wait for that read (a large placeholder takes a second to make) rather than each making it again.
final class ServedAssets: Sendable {
    private let byPath: [String: DamAsset]
    private let byUUID: [String: DamAsset]
    /// One slot per asset asked for, by path; its lock is held while the asset is read.
    private let slots = NIOLockedValueBox<[String: NIOLockedValueBox<ServedAsset?>]>([:])

    init(_ assets: [String: DamAsset]) {
        byPath = assets
        byUUID = Dictionary(assets.values.map { ($0.uuid, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The asset at a DAM path, or `nil` when there is none or its bytes cannot be had.
    func asset(atPath path: String) -> ServedAsset? {
        byPath[path].flatMap(served)
    }

    /// The asset whose `jcr:uuid` is `uuid`, or `nil` when there is none or its bytes cannot be had.
    func asset(uuid: String) -> ServedAsset? {
        byUUID[uuid].flatMap(served)
    }

    /// Why the asset whose `jcr:uuid` is `uuid` cannot be served, when the package holds it: its original is left
    /// out and its placeholder cannot be made without libvips.
    func unservableReason(uuid: String) -> String? {
        guard let asset = byUUID[uuid], case .placeholder = asset.bytes, let reason = ImageRenderer.unavailableReason
        else { return nil }
        return "The package leaves out the original of \(asset.path); its placeholder is made with libvips: \(reason)."
    }

    /// The asset as served, read the first time; an asset that could not be read is tried again next time.
    private func served(_ asset: DamAsset) -> ServedAsset? {
        let slot = slots.withLockedValue { slots in
            if let slot = slots[asset.path] { return slot }
            let slot = NIOLockedValueBox<ServedAsset?>(nil)
            slots[asset.path] = slot
            return slot
        }
        return slot.withLockedValue { served in
            if served == nil { served = ServedAsset(asset) }
            return served
        }
    }
}

/// An asset, or one rendition of it, with the validator and byte source used to serve it.
struct ServedAsset: Sendable {
    let asset: DamAsset
    let payload: Payload
    /// A strong entity tag derived from the bytes.
    let etag: String
    /// The bytes, to render from; `nil` for synthetic bytes.
    let original: Data?
    /// Sent as `Content-Type`: the asset's own type, or a rendition's.
    var mimeType: String
    /// Sent as `Cache-Control` when set.
    var cacheControl: String?
    /// Whether the answer depended on `Accept` (sent as `Vary: Accept`).
    var varyAccept = false
    /// More headers sent with it, by name.
    var headers: [(String, String)] = []
    /// Sent as `Last-Modified`; the asset's own date, else the Unix epoch.
    var lastModified: Date { asset.lastModified ?? Date(timeIntervalSince1970: 0) }

    /// The served form of `asset`; `nil` when its file cannot be read or its placeholder made.
    init?(_ asset: DamAsset) {
        self.asset = asset
        mimeType = asset.mimeType
        if case .synthetic(let byteCount) = asset.bytes {
            payload = Payload.synthetic(byteCount: byteCount)
            etag = "\"synthetic-\(byteCount)\""
            original = nil
            return
        }
        guard let data = try? asset.originalBytes(options: .alwaysMapped) else { return nil }
        payload = Payload(data)
        etag = EntityTag.strong(data)
        original = data
    }

    private init(asset: DamAsset, payload: Payload, etag: String, mimeType: String, cacheControl: String?) {
        self.asset = asset
        self.payload = payload
        self.etag = etag
        self.original = nil
        self.mimeType = mimeType
        self.cacheControl = cacheControl
    }

    /// This asset sent with `Cache-Control: cacheControl`.
    func delivered(cacheControl: String) -> ServedAsset {
        var delivered = self
        delivered.cacheControl = cacheControl
        return delivered
    }

    /// A rendition of this asset, sent with its own type and entity tag and `Cache-Control: cacheControl`.
    func rendition(_ rendition: CachedRendition, cacheControl: String, varyAccept: Bool) -> ServedAsset {
        var served = ServedAsset(
            asset: asset, payload: Payload(rendition.data), etag: rendition.etag, mimeType: rendition.mimeType,
            cacheControl: cacheControl)
        served.varyAccept = varyAccept
        return served
    }
}
