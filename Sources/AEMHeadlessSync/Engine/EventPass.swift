import AEMHeadless
import Foundation

/// One batch of AEM's content events applied to a folder: each fragment an event names is read alone (a request per
/// fragment, not a read of the list), the images of an asset an event names are asked about again, and everything is
/// applied in one transaction with the journal position after the batch. Events say only *what* changed and each read
/// returns the current state, so duplicated or reordered events change nothing more.
struct EventPass<Source: SyncSource>: Sendable {
    let engine: SyncEngine
    let source: Source
    let database: StoreDatabase
    let folder: SyncDirectory

    /// Applies `events` and stores `position` with them; nil when the source reads its items only through its list
    /// (then nothing was applied, and the caller syncs instead).
    func apply(
        _ events: [JournalEvent], position: String?, positionKey: String,
        onEvent: @escaping @Sendable (SyncEvent) -> Void
    ) async throws -> SyncReport? {
        let clock = ContinuousClock()
        let start = clock.now
        let lock = try await SyncLock.acquire(folder.lockFile, wait: engine.lockWait)
        defer { withExtendedLifetime(lock) {} }
        let report = ReportBox()
        let changed = Self.changedFragments(events)
        let reads = try await changed.concurrentMap(limit: engine.concurrency) { fragment in
            try await read(fragment, report: report)
        }
        if reads.contains(where: { if case .listOnly = $0.1 { true } else { false } }) { return nil }

        let run = try database.beginEventRun(now: Date())
        let images = ImageFetcher(
            aem: engine.aem, directory: folder, database: database, report: report, run: run, onEvent: onEvent)
        var changes = EventChanges(
            run: run, reads: [], absent: [], images: [], positionKey: positionKey, position: position, now: Date())
        var readPaths = Set<String>()
        do {
            for (fragment, answer) in reads {
                switch answer {
                case .item(let item, let detail):
                    // Two events can name one fragment (a move is a deletion and a creation): it is written once.
                    guard readPaths.insert(item.path).inserted else { continue }
                    changes.reads.append(
                        EventChanges.Read(item: item, detail: detail, contentHash: ContentHash.of(detail.json)))
                    // Images already on disk are used as they are: an asset event says when one changed.
                    for location in detail.imageLocations {
                        if let row = try await images.image(location, revalidate: false) { changes.images.append(row) }
                    }
                    if item.path != fragment.path { changes.absent.append(fragment.path) }
                case .absent:
                    changes.absent.append(fragment.path)
                case .listOnly:
                    break
                }
            }
            changes.absent.removeAll { readPaths.contains($0) }
            for location in try changedAssetLocations(events) {
                if let row = try await images.image(location, revalidate: true) { changes.images.append(row) }
            }
            try await images.flushWrittenFiles()
            changes.now = Date()
            let (counts, removedFiles) = try database.apply(changes)
            await images.pageApplied()
            folder.removeImageFiles(removedFiles)
            report.update {
                $0.added += counts.added
                $0.changed += counts.changed
                $0.moved += counts.moved
                $0.unchanged += counts.unchanged
                $0.removed += counts.removed
                $0.imagesRemoved += removedFiles.count
            }
            // Fragments that show a changed one are read again now; killed before, the next sync reads them.
            try await PagePass(
                source: source, database: database, images: images, report: report, run: run,
                concurrency: engine.concurrency, revalidateAll: false
            ).rereadStale()
        } catch {
            images.removeTemporaryFiles()
            throw error
        }
        report.update { $0.seconds = SyncEngine.seconds(clock.now - start) }
        return report.value
    }

    /// The fragments the events name, each once, in the order first named.
    static func changedFragments(_ events: [JournalEvent]) -> [ChangedFragment] {
        var seen = Set<String>()
        var fragments: [ChangedFragment] = []
        for event in events where event.isFragmentEvent {
            guard let path = event.path, !path.isEmpty, seen.insert(path).inserted else { continue }
            fragments.append(
                ChangedFragment(path: path, id: event.fragmentID, modelPath: event.data?["model"]?["path"]?.stringValue)
            )
        }
        return fragments
    }

    /// The stored image locations of the assets the events name.
    private func changedAssetLocations(_ events: [JournalEvent]) throws -> [String] {
        var locations: [String] = []
        for event in events where event.isAssetEvent {
            for location in try database.imageLocations(ofAsset: event.path, id: event.data?["id"]?.stringValue)
            where !locations.contains(location) {
                locations.append(location)
            }
        }
        return locations
    }

    private func read(_ fragment: ChangedFragment, report: ReportBox) async throws
        -> (ChangedFragment, ChangedFragmentRead)
    {
        do {
            let answer = try await source.read(fragment)
            if case .listOnly = answer {} else { report.update { $0.requests += 1 } }
            return (fragment, answer)
        } catch let error as AemError {
            throw error.inContext("Reading \(fragment.path): ")
        }
    }
}
