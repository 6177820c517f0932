import Foundation

/// A DAM asset that is not a fragment (an image or a document), served at its path and `_dynamicUrl`.
struct DamAsset: Sendable {
    /// The repository path (`/content/dam/wknd-shared/en/adventures/bali-surf-camp/adobestock-175749320.jpg`),
    /// unencoded: it may hold spaces and non-ASCII.
    let path: String
    /// `jcr:uuid`; `_dynamicUrl` is `/adobe/dynamicmedia/deliver/dm-aid--<uuid>/<name>.<ext>`.
    let uuid: String
    /// `jcr:mimeType` of the original rendition (else `dc:format`), e.g. `image/jpeg`.
    let mimeType: String
    /// `metadata/@tiff:ImageWidth`, when known.
    let width: Int?
    /// `metadata/@tiff:ImageLength`, when known.
    let height: Int?
    /// `jcr:content/@jcr:lastModified`, sent as `Last-Modified`.
    let lastModified: Date?
    /// The original rendition's bytes.
    var bytes: Bytes

    /// Where an asset's bytes come from.
    enum Bytes: Sendable {
        /// `_jcr_content/renditions/original` in the package, read when served.
        case file(URL)
        /// Bytes held in memory.
        case data(Data)
        /// `byteCount` bytes starting like a JPEG file, generated while they are sent (memory tests).
        case synthetic(byteCount: Int)
    }
}
