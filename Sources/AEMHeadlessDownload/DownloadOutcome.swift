import AEMHeadless
import Foundation

/// A file in place after a download: newly written, found unchanged on the server, or copied
/// from another file of the same batch with the same URL.
public struct DownloadOutcome: Sendable, Hashable {
    /// How the file came to be in place.
    public enum Kind: Sendable, Hashable {
        /// Written from the server's answer.
        case downloaded
        /// The server answered 304 (or, for a copy, the kept copy matches), and the file already
        /// there was kept.
        case unchanged
        /// Copied from the file downloaded for another name with the same URL.
        case copied
    }

    /// The file's full location.
    public var file: URL
    /// What to keep for the next run's conditional GET.
    public var record: DownloadRecord
    /// Whether the file was downloaded, kept unchanged or copied.
    public var kind: Kind
    /// Bytes received over the network for this file, resumed and restarted parts included.
    public var bytesTransferred: Int64

    /// A file in place with its record, how it got there and the bytes received for it.
    public init(file: URL, record: DownloadRecord, kind: Kind, bytesTransferred: Int64) {
        self.file = file
        self.record = record
        self.kind = kind
        self.bytesTransferred = bytesTransferred
    }

    /// Whether the file already there was kept.
    public var isUnchanged: Bool { kind == .unchanged }
}
