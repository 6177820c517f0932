/// What the server said about a downloaded file, kept so that a later run can ask whether it
/// changed (`If-None-Match`, `If-Modified-Since`) instead of downloading it again.
public struct DownloadRecord: Sendable, Hashable, Codable {
    /// The URL the file was downloaded from.
    public var url: String
    /// The file's name in its folder, such as `bali-surf-camp.jpg`.
    public var file: String
    /// The response's `ETag`, weak or strong.
    public var etag: String?
    /// The response's `Last-Modified`, as sent.
    public var lastModified: String?
    /// The file's length in bytes.
    public var length: Int64

    public init(url: String, file: String, etag: String? = nil, lastModified: String? = nil, length: Int64) {
        self.url = url
        self.file = file
        self.etag = etag
        self.lastModified = lastModified
        self.length = length
    }

    /// The headers of a conditional GET that the server answers with 304 when nothing changed,
    /// or nil when the record holds no validator.
    var conditionalHeaders: HTTPHeaders? {
        var headers = HTTPHeaders()
        if let etag { headers.set(name: "If-None-Match", value: etag) }
        if let lastModified { headers.set(name: "If-Modified-Since", value: lastModified) }
        return headers.fields.isEmpty ? nil : headers
    }
}
