import AEMHeadless
import Foundation

/// One file of a batch: where it comes from and the name it is saved under.
public struct DownloadItem: Sendable, Hashable {
    /// Where the file is downloaded from, on the AEM origin or elsewhere.
    public var url: URL
    /// The base name; the extension comes from the response.
    public var name: SafeFileName

    /// A file from `url` to be saved as `name` plus the response's extension.
    public init(url: URL, name: SafeFileName) {
        self.url = url
        self.name = name
    }
}

/// How one item of a batch ended.
public struct DownloadItemResult: Sendable {
    /// The item this result is for.
    public var item: DownloadItem
    /// The file in place (downloaded, unchanged or copied), or why it is not: an `AemError`, a
    /// `DownloadFileError`.
    public var result: Result<DownloadOutcome, any Error>

    /// An item's result.
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
