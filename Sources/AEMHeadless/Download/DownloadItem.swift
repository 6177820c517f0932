import Foundation

/// One file of a batch: where it comes from and the name it is saved under.
public struct DownloadItem: Sendable, Hashable {
    public var url: URL
    /// The base name; the extension comes from the response.
    public var name: SafeFileName

    public init(url: URL, name: SafeFileName) {
        self.url = url
        self.name = name
    }
}

/// How one item of a batch ended.
public struct DownloadItemResult: Sendable {
    public var item: DownloadItem
    /// The file in place (downloaded, unchanged or copied), or why it is not: an `AemError`, a
    /// `DownloadFileError`.
    public var result: Result<DownloadOutcome, any Error>

    public init(item: DownloadItem, result: Result<DownloadOutcome, any Error>) {
        self.item = item
        self.result = result
    }
}

/// What a batch reports while it runs.
public enum DownloadEvent: Sendable {
    /// The file at `url` has received this much so far (one report for every item with that URL).
    case progress(url: URL, DownloadProgress)
    /// One item is done, however it ended.
    case finished(DownloadItemResult)
}
