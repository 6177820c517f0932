import Foundation

/// A DAM asset that is not a fragment (an image or a document), served at its path and `_dynamicUrl`.
public struct DamAsset: Sendable {
    /// The repository path (`/content/dam/wknd-shared/en/adventures/bali-surf-camp/adobestock-175749320.jpg`),
    /// unencoded: it may hold spaces and non-ASCII.
    public var path: String
    /// `jcr:uuid`; `_dynamicUrl` is `/adobe/dynamicmedia/deliver/dm-aid--<uuid>/<name>.<ext>`.
    public var uuid: String
    /// `jcr:mimeType` of the original rendition (else `dc:format`), e.g. `image/jpeg`.
    public var mimeType: String
    /// `metadata/@tiff:ImageWidth`, when known.
    public var width: Int?
    /// `metadata/@tiff:ImageLength`, when known.
    public var height: Int?
    /// `jcr:content/@jcr:lastModified`, sent as `Last-Modified`.
    public var lastModified: Date?
    /// `metadata/@dc:creator`, its `author` in GraphQL, when known.
    public var author: String?
    /// The original rendition's bytes.
    public var bytes: Bytes
    /// For bytes in a file, its size and modification time when the package was loaded: what tells a reload that
    /// the original changed.
    var fileStamp: FileStamp?

    /// Where an asset's bytes come from.
    public enum Bytes: Sendable {
        /// `_jcr_content/renditions/original` in the package, read when served.
        case file(URL)
        /// Bytes held in memory.
        case data(Data)
        /// `byteCount` bytes starting like a JPEG file, generated while they are sent (memory tests).
        case synthetic(byteCount: Int)
        /// The package holds the asset but not its original: a `PlaceholderImage` of its size and type is served.
        case placeholder
    }

    /// An asset with the given values; see each property.
    public init(
        path: String, uuid: String, mimeType: String, width: Int? = nil, height: Int? = nil, lastModified: Date? = nil,
        author: String? = nil, bytes: Bytes
    ) {
        self.path = path
        self.uuid = uuid
        self.mimeType = mimeType
        self.width = width
        self.height = height
        self.lastModified = lastModified
        self.author = author
        self.bytes = bytes
        if case .file(let url) = bytes { fileStamp = FileStamp(atPath: url.path) }
    }

    /// The size of the original in bytes, its `size` in GraphQL; nil for a placeholder, and for a file that cannot be
    /// read.
    var size: Int? {
        switch bytes {
        case .file: fileStamp?.size
        case .data(let data): data.count
        case .synthetic(let byteCount): byteCount
        case .placeholder: nil
        }
    }

    /// The bytes of the original: the file's (read with `options`), the bytes held, or the placeholder's (nil when
    /// libvips cannot make it); nil for synthetic bytes, which are only generated while they are sent.
    func originalBytes(options: Data.ReadingOptions = []) throws -> Data? {
        switch bytes {
        case .file(let url): try Data(contentsOf: url, options: options)
        case .data(let data): data
        case .placeholder: PlaceholderImage.data(for: self)
        case .synthetic: nil
        }
    }
}
