import AEMHeadless
import Foundation

/// What the server said about a downloaded file, kept so that a later run can ask whether it
/// changed (`If-None-Match`, `If-Modified-Since`) instead of downloading it again.
public struct DownloadRecord: Sendable, Hashable, Codable {
    /// Where the file was downloaded from: the path and query of a URL on the AEM origin (so
    /// that the record stays true when a local emulator's port changes), else the absolute URL.
    public var url: String
    /// The file's name in its folder, such as `bali-surf-camp.jpg`.
    public var file: String
    /// The response's `ETag`, weak or strong.
    public var etag: String?
    /// The response's `Last-Modified`, as sent.
    public var lastModified: String?
    /// The file's length in bytes.
    public var length: Int64

    /// A record of a downloaded file and the validators the server sent for it.
    public init(url: String, file: String, etag: String? = nil, lastModified: String? = nil, length: Int64) {
        self.url = url
        self.file = file
        self.etag = etag
        self.lastModified = lastModified
        self.length = length
    }

    /// The one "already kept" rule: the file this record describes, when the record is for
    /// `source`, names the file `<name>.<extension>` in `directory`, and that file is there with
    /// the recorded length; else nil, and the file must be downloaded. `FileDownloader`,
    /// `BatchDownloader` and the mirror's images all decide by it.
    package func keptFile(source: String, directory: URL, name: SafeFileName) -> URL? {
        guard url == source, file.hasPrefix(name.rawValue + "."), !file.contains("/"), !file.contains("\\") else {
            return nil
        }
        let kept = directory.appendingPathComponent(file, isDirectory: false)
        guard let values = try? kept.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey]),
            values.isRegularFile == true, let size = values.fileSize, Int64(size) == length
        else { return nil }
        return kept
    }

    /// Whether both records describe the same version of the same source.
    func isSameVersion(as other: DownloadRecord) -> Bool {
        url == other.url && etag == other.etag && lastModified == other.lastModified && length == other.length
    }
}
