import AEMHeadless
import AEMHeadlessDownload
import Foundation

/// What one step of `SyncEngine.follow` did: the events a journal batch gave and what applying them changed.
public struct FollowStep: Sendable {
    /// The content-fragment and asset events of the batch (other events are passed over).
    public var events: [JournalEvent]
    /// What applying them did: a request per fragment an event named, or a sync for a source that reads its items
    /// only through its list; nil when the batch held no such event.
    public var report: SyncReport?
    /// Each change applied to the store, in order (a move is a removal and an addition).
    public var changes: [StoreChange]
    /// Whether this was a whole sync: the first, or after the journal lost the stored position (410).
    public var isFullSync: Bool
}

extension SyncEngine {
    /// Keeps the folder current from AEM's content events until the task is cancelled.
    ///
    /// It reads `journal` from the position stored in the folder (the journal's end before the first sync, so that no
    /// event between is lost), syncs, then applies each batch of events: each fragment an event names is read alone,
    /// bypassing caches (one request per changed fragment, however large the mirror), and written — or removed when
    /// AEM no longer has it — in one transaction together with the journal position after the batch. Fragments that
    /// show a changed one are read again; the images of an asset an event names are asked about again. A source
    /// that reads its items only through its list (`QuerySyncSource`) gets a delta sync per batch instead.
    ///
    /// Killed at any moment, the next run loses nothing and applies nothing twice: the position moves only in the
    /// transaction that applies its batch. Duplicated or reordered events are harmless, since each read returns the
    /// current state. A 410 (the position expired) runs a whole sync from the journal's end and goes on.
    ///
    /// After the first sync, a step that fails for a reason that may pass (`FollowRetry.mayPass`: the service gone,
    /// slow or overloaded) is tried again from the stored position after `retry`'s wait; any other failure ends it.
    ///
    /// - Parameters:
    ///   - onStep: called after each step, the first sync included.
    ///   - onInterruption: called when a step failed and will be tried again, before the wait.
    public func follow(
        _ source: some SyncSource, journal: EventJournalReader, retry: FollowRetry = FollowRetry(),
        onEvent: @escaping @Sendable (SyncEvent) -> Void = { _ in },
        onStep: @escaping @Sendable (FollowStep) -> Void = { _ in },
        onInterruption: @escaping @Sendable (FollowInterruption) -> Void = { _ in }
    ) async throws {
        let folder = SyncDirectory(url: directory)
        try RedownloadableFolder.create(directory)
        let database = try StoreDatabase(folder)
        let key = "journal " + journal.journal.absoluteString
        var position = try database.meta(key)
        if position == nil { position = try await journal.latestPosition() }
        let first = try await sync(source, onEvent: onEvent)
        try database.setMeta(key, position)
        let store = try ContentStore(directory: directory)
        onStep(FollowStep(events: [], report: first, changes: [], isFullSync: true))
        let pass = EventPass(engine: self, source: source, database: database, folder: folder)
        var failures = FollowFailures(retry: retry)
        var expired = false
        while !Task.isCancelled {
            var reader = journal
            reader.since = position
            do {
                if expired {
                    position = try await journal.latestPosition()
                    let report = try await sync(source, onEvent: onEvent)
                    try database.setMeta(key, position)
                    expired = false
                    onStep(FollowStep(events: [], report: report, changes: [], isFullSync: true))
                    continue
                }
                for try await batch in reader.batches() {
                    failures.reset()
                    let events = batch.events.filter(\.isMirrored)
                    let next = batch.position ?? position
                    guard !events.isEmpty else {
                        try database.setMeta(key, next)
                        position = next
                        continue
                    }
                    let before = try store.lastChangeSequence()
                    var report = try await pass.apply(events, position: next, positionKey: key, onEvent: onEvent)
                    if report == nil {
                        report = try await sync(source, onEvent: onEvent)
                        try database.setMeta(key, next)
                    }
                    position = next
                    let changes = try store.allChanges(after: before)
                    onStep(FollowStep(events: events, report: report, changes: changes, isFullSync: false))
                }
                return
            } catch is JournalPositionExpired {
                expired = true
            } catch let error where FollowRetry.mayPass(error) {
                let interruption = failures.record(error)
                onInterruption(interruption)
                try await Task.sleep(for: interruption.retryIn)
            }
        }
    }

    /// Keeps the folder current by syncing it every `interval` until the task is cancelled, for a service with no
    /// event journal: each sync asks the list's pages conditionally (an unchanged page costs a 304). Each step after
    /// the first carries the changes it applied. A sync after the first that fails for a reason that may pass
    /// (`FollowRetry.mayPass`) is reported to `onInterruption` and tried again at the next interval (a sync stopped
    /// midway goes on from its last page); any other failure ends it.
    public func follow(
        _ source: some SyncSource, every interval: Duration,
        onEvent: @escaping @Sendable (SyncEvent) -> Void = { _ in },
        onStep: @escaping @Sendable (FollowStep) -> Void = { _ in },
        onInterruption: @escaping @Sendable (FollowInterruption) -> Void = { _ in }
    ) async throws {
        let first = try await sync(source, onEvent: onEvent)
        let store = try ContentStore(directory: directory)
        onStep(FollowStep(events: [], report: first, changes: [], isFullSync: true))
        var failures = 0
        while !Task.isCancelled {
            try await Task.sleep(for: interval)
            let before = try store.lastChangeSequence()
            do {
                let report = try await sync(source, onEvent: onEvent)
                failures = 0
                let changes = try store.allChanges(after: before)
                onStep(FollowStep(events: [], report: report, changes: changes, isFullSync: false))
            } catch let error where FollowRetry.mayPass(error) {
                failures += 1
                onInterruption(FollowInterruption(error: error, failures: failures, retryIn: interval))
            }
        }
    }

    /// Each change `follow` applies to the store, as it is applied, until the task reading them is cancelled: for an
    /// app that keeps its mirror current and shows what changed. The first sync's changes are not among them.
    ///
    /// ```swift
    /// for try await change in engine.changes(following: source, journal: reader) {
    ///     print(change.kind, change.path)
    /// }
    /// ```
    public func changes(following source: some SyncSource, journal: EventJournalReader)
        -> AsyncThrowingStream<StoreChange, any Error>
    {
        .producing { [self] continuation in
            try await follow(
                source, journal: journal,
                onStep: { step in
                    for change in step.changes { continuation.yield(change) }
                })
        }
    }
}
