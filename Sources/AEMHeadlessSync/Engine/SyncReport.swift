import AEMHeadless
import Foundation

/// What one sync did. `changed` counts `moved` too: a fragment found at a new path with its
/// slug is the same fragment, changed.
public struct SyncReport: Sendable, Hashable, Codable {
    /// Fragments new in the store.
    public var added = 0
    /// Fragments whose content or path changed.
    public var changed = 0
    /// Of `changed`, those at a new path.
    public var moved = 0
    /// Fragments found again as they were.
    public var unchanged = 0
    /// Fragments no longer in AEM, removed with their images.
    public var removed = 0
    /// Images downloaded.
    public var imagesFetched = 0
    /// Images kept as they were: already on disk, or answered 304 Not Modified.
    public var imagesReused = 0
    /// Image files deleted because no fragment shows them any more.
    public var imagesRemoved = 0
    /// Images that could not be downloaded; each is tried again by the next sync.
    public var imagesFailed = 0
    /// Bytes of images received.
    public var imageBytes: Int64 = 0
    /// HTTP requests sent: pages, fragments and images (retries not counted).
    public var requests = 0
    /// Pages of the list read in full.
    public var pagesRead = 0
    /// Pages the server answered 304 Not Modified.
    public var pagesNotModified = 0
    /// Whether the run took up an interrupted one where it had stopped.
    public var resumed = false
    /// Wall time of the run.
    public var seconds: Double = 0
    /// One line per image that failed.
    public var failures: [String] = []

    init() {}
}

/// What a sync reports as it goes, for progress displays.
public enum SyncEvent: Sendable {
    /// The run began: `resumed` when it takes up an interrupted one; `expectedItems` is the
    /// number of fragments in the store before it (an estimate of the total; 0 the first time).
    case started(resumed: Bool, expectedItems: Int)
    /// A page was applied: `items` fragments, `notModified` when the server answered 304.
    case pageApplied(items: Int, notModified: Bool)
    /// Bytes of an image arrived.
    case imageBytes(Int64)
    /// Something worth telling that does not stop the run: an image that failed, a damaged
    /// database moved aside.
    case warning(String)
}

/// The report of a running sync, added to from concurrent tasks.
final class ReportBox: Sendable {
    private let report = LockedValue(SyncReport())

    func update(_ change: (inout SyncReport) -> Void) { report.withLock(change) }
    var value: SyncReport { report.value }
}
