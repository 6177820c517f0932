import AEMHeadless
import Foundation

/// What one step of `SyncEngine.follow` did: the events a journal batch gave and the sync they caused.
public struct FollowStep: Sendable {
    /// The content-fragment events of the batch (other events are passed over).
    public var events: [JournalEvent]
    /// The sync run for them; nil when the batch held none.
    public var report: SyncReport?
    /// Whether this was a whole sync: the first, or after the journal lost the stored position (410).
    public var isFullSync: Bool
}

extension SyncEngine {
    /// Keeps the folder current from AEM's content events until the task is cancelled: it reads `journal` from the
    /// position stored in the folder (the journal's end before the first sync, so that no event between is lost),
    /// syncs, then for each batch of content-fragment events syncs again — pages that did not change cost a 304 and
    /// unchanged fragments nothing — and stores the position after the batch is applied. Killed at any moment, the
    /// next run loses nothing (the position moves only after its sync) and applies nothing twice (a sync of what is
    /// already mirrored changes nothing). Duplicated or reordered events are harmless for the same reason. A 410 (the
    /// position expired) runs a whole sync from the journal's end and goes on.
    ///
    /// - Parameter onStep: called after each sync, the first included.
    public func follow(
        _ source: some SyncSource, journal: EventJournalReader,
        onEvent: @escaping @Sendable (SyncEvent) -> Void = { _ in },
        onStep: @escaping @Sendable (FollowStep) -> Void = { _ in }
    ) async throws {
        let folder = SyncDirectory(url: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let database = try StoreDatabase(folder)
        let key = "journal " + journal.journal.absoluteString
        var position = try database.meta(key)
        if position == nil { position = try await journal.latestPosition() }
        onStep(FollowStep(events: [], report: try await sync(source, onEvent: onEvent), isFullSync: true))
        try database.setMeta(key, position)
        while !Task.isCancelled {
            var reader = journal
            reader.since = position
            do {
                for try await batch in reader.batches() {
                    let events = batch.events.filter { $0.type.hasPrefix("aem.sites.contentFragment.") }
                    let report = events.isEmpty ? nil : try await sync(source, onEvent: onEvent)
                    position = batch.position ?? position
                    try database.setMeta(key, position)
                    onStep(FollowStep(events: events, report: report, isFullSync: false))
                }
                return
            } catch is JournalPositionExpired {
                position = try await journal.latestPosition()
                onStep(FollowStep(events: [], report: try await sync(source, onEvent: onEvent), isFullSync: true))
                try database.setMeta(key, position)
            }
        }
    }
}
