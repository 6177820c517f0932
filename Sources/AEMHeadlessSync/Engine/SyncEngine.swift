import AEMHeadless
import AEMHeadlessDownload
import Foundation
import GRDB

/// Mirrors a source's content into a folder, then keeps it current with deltas.
///
/// ```swift
/// let engine = SyncEngine(aem: aem, directory: URL(fileURLWithPath: "articles-mirror"))
/// let report = try await engine.sync(try FragmentSyncSource(aem: aem, folder: "/content/dam/my-site/en"))
/// print(report.added, report.changed, report.removed, report.requests)
/// let store = try ContentStore(directory: engine.directory)   // offline from here on
/// ```
///
/// - **Deltas.** Each page of the list is asked conditionally with the validators the server
///   sent last time; a 304 means none of its items changed. An item is read in full only when
///   it is new or its list entry changed (compared by content hash); images only when the item
///   changed or they are missing, with conditional GETs. Fragments no longer listed are removed
///   with their images; one found at a new path with its slug is the same fragment, moved. A
///   fragment whose `_references` show one that changed, moved, appeared or went is read again.
///   `revalidateAll` reads every item again and asks about every image (304s are cheap): for
///   content whose full form changed while its list entry did not.
/// - **Crash-safe and resumable.** Each page is applied in one transaction, after its images are
///   on disk (each written to a temporary file and renamed). A run stopped at any moment, by
///   SIGKILL too, leaves the store as of its last page; the next run resumes at the next page
///   and only then removes what was not found. Files left by a killed run are swept at the end.
/// - **One at a time.** A sync holds an exclusive lock on the folder: a second one fails with
///   `SyncError.busy`, or waits up to `lockWait`.
/// - **Not backed up.** On Apple platforms a folder the engine creates is excluded from iCloud
///   backup, as content that can be downloaded again; create the folder first to have it backed up.
public struct SyncEngine: Sendable {
    let aem: Aem
    /// The folder: `content.sqlite`, `images/`, `.sync.lock`.
    public let directory: URL
    let concurrency: Int
    let revalidateAll: Bool
    let lockWait: Duration
    let indexedMembers: [String]

    /// An engine that mirrors into `directory` what `aem` reads.
    ///
    /// - Parameters:
    ///   - concurrency: how many fragments and images are fetched at once.
    ///   - revalidateAll: read every item and ask about every image again, ignoring page validators.
    ///   - lockWait: how long to wait for another sync of the same folder to finish.
    ///   - indexedMembers: members to keep an index on (`price`, `author.lastName`), so that
    ///     `ContentStore.fragments(matching:)` filters and sorts by them without reading every
    ///     fragment; created (once) when a run ends.
    public init(
        aem: Aem, directory: URL, concurrency: Int = 6, revalidateAll: Bool = false, lockWait: Duration = .zero,
        indexedMembers: [String] = []
    ) {
        self.aem = aem
        self.directory = directory
        self.concurrency = max(1, concurrency)
        self.revalidateAll = revalidateAll
        self.lockWait = lockWait
        self.indexedMembers = indexedMembers
    }

    /// Brings the folder up to date with `source`.
    ///
    /// - Parameter onEvent: progress, called from any task.
    /// - Returns: what changed. Images that failed are counted there (`imagesFailed`) and do not
    ///   fail the run; they are tried again next time.
    /// - Throws: `AemError` when a page or a fragment cannot be read (the store keeps every page
    ///   applied before; the next run resumes there), `SyncError`, or `CancellationError`.
    public func sync(_ source: some SyncSource, onEvent: @escaping @Sendable (SyncEvent) -> Void = { _ in })
        async throws -> SyncReport
    {
        let clock = ContinuousClock()
        let start = clock.now
        let indexes = try indexedMembers.map(MemberPath.init)
        let folder = SyncDirectory(url: directory)
        do {
            try RedownloadableFolder.create(directory)
            try FileManager.default.createDirectory(at: folder.images, withIntermediateDirectories: true)
        } catch {
            throw SyncError(
                .storage, "Cannot create \(folder.images.path): \(error.localizedDescription)", underlyingError: error)
        }
        let lock = try await SyncLock.acquire(folder.lockFile, wait: lockWait)
        defer { withExtendedLifetime(lock) {} }
        let database = try storage {
            try StoreDatabase(folder) {
                onEvent(.warning("The database was damaged; it was moved to \($0) and a new one started."))
            }
        }
        let report = ReportBox()
        let run = try storage { try database.beginRun(source: source.identity, now: Date()) }
        let images = ImageFetcher(
            aem: aem, directory: folder, database: database, report: report, run: run.id, onEvent: onEvent)
        report.update { $0.resumed = run.resumed }
        onEvent(.started(resumed: run.resumed, expectedItems: run.knownFragments))

        let pass = PagePass(
            source: source, database: database, images: images, report: report, run: run.id,
            concurrency: concurrency, revalidateAll: revalidateAll)
        let pagesDone = run.resumed && run.cursor == nil && run.pagesRead > 0
        let removed: Int
        do {
            if !pagesDone { try await applyPages(pass, from: run.cursor, onEvent: onEvent) }
            removed = try storage { try database.removeUnseen(run.id) }
            try await pass.rereadStale()
        } catch let error as DatabaseError {
            images.removeTemporaryFiles()
            throw SyncError(
                .storage, "The store in \(directory.path) cannot be written: \(error)", underlyingError: error)
        } catch {
            images.removeTemporaryFiles()
            throw error
        }
        let end = try storage { try database.finishRun(run.id, now: Date()) }
        try storage { try database.index(members: indexes) }
        folder.removeImageFiles(end.removedImageFiles)
        sweep(folder, keeping: try storage { try database.imageFiles() })
        report.update {
            $0.removed = removed
            $0.imagesRemoved = end.removedImageFiles.count
            $0.seconds = Self.seconds(clock.now - start)
        }
        return report.value
    }

    /// Applies every page from `cursor` on, in order. Three pages are under way at once: the
    /// next one asked for, the current one read (its items and images), and the one before it
    /// committed to the store, so that neither the network nor the store waits for the other.
    private func applyPages<Source>(
        _ pass: PagePass<Source>, from cursor: String?,
        onEvent: @escaping @Sendable (SyncEvent) -> Void
    ) async throws {
        var current: PagePass<Source>.Fetched? = try await pass.fetch(after: cursor)
        var cursors: Set<String> = [cursor ?? ""]
        try await withThrowingTaskGroup(of: Void.self) { commits in
            // What the page being committed takes from the store, until its commit is done.
            var claimed = PagePass<Source>.Claim()
            while let fetched = current {
                if let next = fetched.next, !cursors.insert(next).inserted {
                    throw AemError(
                        .invalidResponse,
                        "The server sent the page cursor \(next) a second time; the list would never end.")
                }
                let nextCursor = fetched.next
                async let following = nextCursor == nil ? nil : pass.fetch(after: nextCursor) // nil after the last
                let prepared = try await pass.prepare(fetched, claimed: claimed)
                try await commits.next()
                claimed = prepared.claim
                commits.addTask {
                    let (count, notModified) = try await pass.commit(prepared)
                    onEvent(.pageApplied(items: count, notModified: notModified))
                }
                current = try await following
            }
            try await commits.waitForAll()
        }
    }

    /// Deletes what the store does not know from the images folder: files of images a killed run
    /// wrote before its page was applied, and temporary files.
    private func sweep(_ folder: SyncDirectory, keeping known: Set<String>) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.images.path) else { return }
        for name in names where !known.contains(name) {
            try? FileManager.default.removeItem(at: folder.images.appendingPathComponent(name, isDirectory: false))
        }
    }

    /// Runs a database step; GRDB's errors become `SyncError.storage`.
    private func storage<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SyncError {
            throw error
        } catch {
            throw SyncError(.storage, "The store in \(directory.path) cannot be used: \(error)", underlyingError: error)
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
