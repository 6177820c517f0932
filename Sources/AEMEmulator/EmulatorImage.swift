import Foundation

/// A DAM image asset served by the emulator at its `_path` and at its `_dynamicUrl`.
public struct EmulatorImage: Sendable {
    /// The DAM path, unencoded (it may hold spaces and non-ASCII), e.g. `/content/dam/wknd-shared/en/adventures/x/x.jpg`.
    public var path: String
    /// The asset's UUID, used in `_dynamicUrl` as `dm-aid--<assetID>`.
    public var assetID: String
    /// The media type sent as `Content-Type`, e.g. `image/jpeg`.
    public var mimeType: String
    /// Pixel width reported by `ImageRef.width`.
    public var width: Int
    /// Pixel height reported by `ImageRef.height`.
    public var height: Int
    /// Sent as `Last-Modified` and compared with `If-Modified-Since`.
    public var lastModified: Date
    /// The bytes served.
    public var bytes: Bytes

    /// Where an image's bytes come from.
    public enum Bytes: Sendable {
        /// Bytes held in memory.
        case data(Data)
        /// `byteCount` bytes starting like a JPEG file, generated while they are sent and never held in memory
        /// (for measuring a client's memory on very large downloads).
        case synthetic(byteCount: Int)
    }

    /// An image; the asset ID defaults to a new UUID and the date to 2024-05-01.
    public init(
        path: String,
        assetID: String = UUID().uuidString.lowercased(),
        mimeType: String = "image/jpeg",
        width: Int,
        height: Int,
        lastModified: Date = Date(timeIntervalSince1970: 1_714_550_400),
        bytes: Bytes
    ) {
        self.path = path
        self.assetID = assetID
        self.mimeType = mimeType
        self.width = width
        self.height = height
        self.lastModified = lastModified
        self.bytes = bytes
    }

    /// The file name without its extension, used as the name in `_dynamicUrl` when the query gives no `seoName`.
    var baseName: String {
        let name = path.split(separator: "/").last.map(String.init) ?? "image"
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}
