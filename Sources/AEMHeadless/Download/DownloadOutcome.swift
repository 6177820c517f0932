import Foundation

/// A file in place after a download: newly written, or found unchanged on the server.
public struct DownloadOutcome: Sendable, Hashable {
    /// The file's full location.
    public var file: URL
    /// What to keep for the next run's conditional GET.
    public var record: DownloadRecord
    /// True when the server answered 304 and the file already there was kept.
    public var isUnchanged: Bool
    /// Bytes received over the network for this file, resumed and restarted parts included.
    public var bytesTransferred: Int64

    public init(file: URL, record: DownloadRecord, isUnchanged: Bool, bytesTransferred: Int64) {
        self.file = file
        self.record = record
        self.isUnchanged = isUnchanged
        self.bytesTransferred = bytesTransferred
    }
}
