import AEMHeadless
import AEMHeadlessDownload
import Foundation

/// The images of one sync: each location fetched at most once per run however many fragments
/// show it, conditionally when it is already on disk. Asks within a page share one download;
/// across pages the store remembers which images this run handled (`checkedRun`), so that
/// memory holds one page's downloads, however many images the run fetches.
actor ImageFetcher {
    private let downloader: FileDownloader
    private let directory: SyncDirectory
    private let database: StoreDatabase
    private let report: ReportBox
    private let onEvent: @Sendable (SyncEvent) -> Void
    private let run: Int64
    /// The downloads of the page being read, until it is applied.
    private var tasks: [String: Task<ImageRow?, any Error>] = [:]
    /// The images that failed in this run: not asked again before the next run.
    private var failed: Set<String> = []
    /// The stored rows of images a page is about to ask, read together (nil: none stored), each until it is asked.
    private var preread: [String: ImageRow?] = [:]
    /// Whether a file was renamed into the images folder since the last flush.
    private var hasUnflushedFiles = false

    init(
        aem: Aem, directory: SyncDirectory, database: StoreDatabase, report: ReportBox, run: Int64,
        onEvent: @escaping @Sendable (SyncEvent) -> Void
    ) {
        downloader = FileDownloader(aem: aem, defersFlush: true)
        self.run = run
        self.directory = directory
        self.database = database
        self.report = report
        self.onEvent = onEvent
    }

    /// The image at `location` on disk, or nil when it could not be fetched (counted and told as
    /// a warning; the next sync tries again).
    ///
    /// - Parameter revalidate: ask the server whether a file already on disk changed (a
    ///   conditional GET); else such a file is used as it is, without a request.
    func image(_ location: String, revalidate: Bool) async throws -> ImageRow? {
        if let task = tasks[location] { return try await task.value }
        guard !failed.contains(location) else { return nil }
        let task = Task { try await fetch(location, revalidate: revalidate) }
        tasks[location] = task
        return try await task.value
    }

    /// Reads the stored rows of `locations` in one query, for the images a page is about to ask: one read a page
    /// instead of one an image. Locations with a download under way or failed are left out.
    func prereadRows(of locations: [String]) throws {
        let wanted = Array(Set(locations.filter { tasks[$0] == nil && !failed.contains($0) }))
        guard !wanted.isEmpty else { return }
        let rows = try database.images(wanted)
        for location in wanted { preread[location] = .some(rows[location]) }
    }

    /// Flushes the images written since the last flush, their bytes and their names, in one
    /// step (the downloads defer theirs), so that the store never records an image a crash could
    /// lose. Call it before the transaction that records a page's images.
    func flushWrittenFiles() throws {
        guard hasUnflushedFiles else { return }
        try FileDownloader.flushDeferredFiles(in: directory.images)
        hasUnflushedFiles = false
    }

    /// Forgets the downloads of a page once it is applied: the store has their rows now. A
    /// finished task keeps its memory while it is referenced, so keeping every one for the run
    /// would grow with the number of images.
    func pageApplied() {
        tasks.removeAll()
        preread.removeAll()
    }

    /// Forgets the downloads of `locations` once the page that asked them is applied, keeping
    /// those of a page read meanwhile.
    func forget(_ locations: [String]) {
        for location in locations {
            tasks[location] = nil
            // The page's transaction wrote these rows; `prereadRows` leaves out downloads under way, so none of them
            // should be there: a guard against a stale row.
            preread[location] = nil
        }
    }

    /// Deletes temporary files of downloads under way, for a process about to exit.
    nonisolated func removeTemporaryFiles() {
        downloader.removeTemporaryFiles()
    }

    private func fetch(_ location: String, revalidate: Bool) async throws -> ImageRow? {
        let stored = try preread.removeValue(forKey: location) ?? database.image(location)
        let downloader = downloader
        guard let url = ImageReference.url(for: location, on: downloader.aem.configuration.origin),
            let name = SafeFileName(slug: Self.fileName(for: location))
        else {
            fail(location, "\(location): not an http(s) URL")
            return nil
        }
        let previous = stored.map {
            DownloadRecord(
                url: $0.source, file: $0.file, etag: $0.etag, lastModified: $0.lastModified, length: $0.length)
        }
        if let stored, let previous, !revalidate || stored.checkedRun == run,
            previous.keptFile(source: downloader.source(of: url), directory: directory.images, name: name) != nil
        {
            // Counted once a run: an image an earlier page handled is not counted again.
            if stored.checkedRun != run { report.update { $0.imagesReused += 1 } }
            return stored.handled(in: run)
        }
        report.update { $0.requests += 1 }
        do {
            let onEvent = onEvent
            // The bytes received so far, to report each step's increase.
            let last = LockedValue<Int64>(0)
            let outcome = try await downloader.download(url, to: directory.images, name: name, previous: previous) {
                progress in
                let step = last.withLock { bytes in
                    defer { bytes = progress.bytesReceived }
                    return max(0, progress.bytesReceived - bytes)
                }
                onEvent(.imageBytes(step))
            }
            if !outcome.isUnchanged { hasUnflushedFiles = true }
            report.update {
                if outcome.isUnchanged { $0.imagesReused += 1 } else { $0.imagesFetched += 1 }
                $0.imageBytes += outcome.bytesTransferred
            }
            let record = outcome.record
            return ImageRow(
                location: location, file: record.file, source: record.url, etag: record.etag,
                lastModified: record.lastModified, length: record.length, checkedRun: run)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            fail(location, "\(url.path): \((error as? AemError)?.message ?? String(describing: error))")
            return nil
        }
    }

    private func fail(_ location: String, _ message: String) {
        failed.insert(location)
        report.update {
            $0.imagesFailed += 1
            $0.failures.append(message)
        }
        onEvent(.warning("An image could not be saved: \(message)"))
    }

    /// The base name of an image's file: 32 hex digits of the SHA-256 of its location, so no
    /// name from the server ever reaches the file system.
    static func fileName(for location: String) -> String {
        ContentHash.prefix(of: location, bytes: 16)
    }
}
