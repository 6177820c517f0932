import AEMHeadless
import Foundation

/// Downloads many files into one folder: a few at a time, each URL once (further names sharing a
/// URL get a copy), skipping files that are unchanged on the server, and keeping the folder's
/// `DownloadManifest` so that the next run can ask.
///
/// ```swift
/// let batch = BatchDownloader(aem: aem, concurrency: 6)
/// let results = try await batch.download(items, to: folder) { event in
///     if case .finished(let done) = event { print(done.item.name, done.result) }
/// }
/// ```
///
/// One failed item does not stop the others; its error is in its result. The manifest is saved
/// when the batch ends, however it ends, so a cancelled run keeps what it completed.
public struct BatchDownloader: Sendable {
    /// Downloads each file of the batch.
    public let downloader: FileDownloader
    /// The most files downloaded at once, at least 1.
    public let concurrency: Int
    /// Download every file again, even one that is there and unchanged.
    public let force: Bool
    /// The name the manifest records this service's files under; see `DownloadManifest.origin`.
    public let manifestOrigin: String

    /// A batch downloader sending its requests through `aem`.
    ///
    /// - Parameters:
    ///   - aem: the client that sends the requests.
    ///   - concurrency: the most files downloaded at once; at least 1 is used.
    ///   - force: download every file again, even one that is there and unchanged.
    ///   - manifestOrigin: the AEM origin, unless the origin changes from run to run for the same
    ///     content (a local emulator on a free port): then a stable name for it.
    ///   - maxResumes: how many times one interrupted transfer is resumed.
    public init(aem: Aem, concurrency: Int = 6, force: Bool = false, manifestOrigin: String? = nil, maxResumes: Int = 3)
    {
        downloader = FileDownloader(aem: aem, maxResumes: maxResumes)
        self.concurrency = max(1, concurrency)
        self.force = force
        self.manifestOrigin = manifestOrigin ?? aem.configuration.origin.description
    }

    /// Downloads `items` into `directory` (created when missing) and returns each item's result,
    /// in the order they finished.
    ///
    /// - Parameters:
    ///   - items: the files and their names; names that share a URL get copies.
    ///   - directory: the folder the files and the manifest go to.
    ///   - onEvent: called as bytes arrive and as each item ends, from the downloading tasks.
    /// - Throws: `CancellationError` when cancelled, or `DownloadFileError` when the folder cannot be
    ///   created or the manifest cannot be saved.
    public func download(
        _ items: [DownloadItem], to directory: URL,
        onEvent: @escaping @Sendable (DownloadEvent) -> Void = { _ in }
    ) async throws -> [DownloadItemResult] {
        do {
            try RedownloadableFolder.create(directory)
        } catch {
            throw DownloadFileError(
                path: directory.path,
                message: "Cannot create the folder \(directory.path): \(error.localizedDescription).")
        }
        Self.removeAbandonedTemporaryFiles(in: directory)
        let manifest = DownloadManifest(directory: directory, origin: manifestOrigin)
        let results: [DownloadItemResult]
        do {
            results = try await run(Self.jobs(items), directory: directory, manifest: manifest, onEvent: onEvent)
        } catch {
            try? await manifest.save()
            throw error
        }
        try await manifest.save()
        return results
    }

    /// The same batch as a sequence of events that ends after the last item (throwing
    /// `CancellationError` or `DownloadFileError` as `download` does). Ending the iteration
    /// cancels the batch.
    public func events(_ items: [DownloadItem], to directory: URL) -> AsyncThrowingStream<DownloadEvent, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    _ = try await download(items, to: directory) { continuation.yield($0) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Deletes the temporary files of downloads still running, at once: for a process about to
    /// exit on a signal.
    public func removeTemporaryFiles() {
        downloader.removeTemporaryFiles()
    }

    /// How long a temporary file must have gone unwritten before a new batch takes it for the
    /// leftover of a killed run. A running download writes to its file far more often.
    static let abandonedAfter: TimeInterval = 3600

    /// Deletes the temporary files (`.<name>.<tag>-<count>.part`) in `directory` that nothing has
    /// written to for `abandonedAfter`: what a run killed before it could clean up left behind.
    static func removeAbandonedTemporaryFiles(in directory: URL, now: Date = Date()) {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where PartialFile.isTemporary(name) {
            let file = directory.appendingPathComponent(name, isDirectory: false)
            guard let modified = (try? manager.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date,
                now.timeIntervalSince(modified) > abandonedAfter
            else { continue }
            try? manager.removeItem(at: file)
        }
    }

    // MARK: - Running

    /// One URL, fetched once and saved under each of `items`' names.
    struct Job: Sendable {
        var url: URL
        var items: [DownloadItem]
    }

    /// The items grouped by URL, in the order of their first item; a name given twice is kept once.
    static func jobs(_ items: [DownloadItem]) -> [Job] {
        var jobs: [Job] = []
        var indexByURL: [URL: Int] = [:]
        var names: Set<SafeFileName> = []
        for item in items where names.insert(item.name).inserted {
            if let index = indexByURL[item.url] {
                jobs[index].items.append(item)
            } else {
                indexByURL[item.url] = jobs.count
                jobs.append(Job(url: item.url, items: [item]))
            }
        }
        return jobs
    }

    /// Runs the jobs, at most `concurrency` at once, starting one as each one ends.
    private func run(
        _ jobs: [Job], directory: URL, manifest: DownloadManifest,
        onEvent: @escaping @Sendable (DownloadEvent) -> Void
    ) async throws -> [DownloadItemResult] {
        try await withThrowingTaskGroup(of: [DownloadItemResult].self) { group in
            var next = 0
            func startNext() {
                guard next < jobs.count else { return }
                let job = jobs[next]
                next += 1
                group.addTask { try await fetch(job, directory: directory, manifest: manifest, onEvent: onEvent) }
            }
            for _ in 0..<min(concurrency, jobs.count) { startNext() }
            var results: [DownloadItemResult] = []
            while let done = try await group.next() {
                results += done
                try Task.checkCancellation()
                startNext()
            }
            return results
        }
    }

    /// Downloads one job's URL under its first name and places the others: unchanged when the
    /// kept copy is this very version, else a fresh copy. Throws only `CancellationError`.
    private func fetch(
        _ job: Job, directory: URL, manifest: DownloadManifest,
        onEvent: @Sendable (DownloadEvent) -> Void
    ) async throws -> [DownloadItemResult] {
        guard let lead = job.items.first else { return [] }
        let first: DownloadOutcome
        do {
            let previous = force ? nil : await manifest.record(for: lead.name)
            first = try await downloader.download(job.url, to: directory, name: lead.name, previous: previous) {
                progress in
                onEvent(.progress(url: job.url, progress))
            }
        } catch {
            if error is CancellationError || Task.isCancelled { throw CancellationError() }
            let failed = job.items.map { DownloadItemResult(item: $0, result: .failure(error)) }
            for result in failed { onEvent(.finished(result)) }
            return failed
        }
        var results = [DownloadItemResult(item: lead, result: .success(first))]
        for item in job.items.dropFirst() {
            results.append(
                DownloadItemResult(
                    item: item, result: await place(first, as: item.name, directory: directory, manifest: manifest)))
        }
        for result in results {
            if case .success(let outcome) = result.result { await manifest.set(outcome.record, for: result.item.name) }
            onEvent(.finished(result))
        }
        return results
    }

    /// A further name for a file just fetched: the kept file when it is this version, else a copy.
    private func place(
        _ first: DownloadOutcome, as name: SafeFileName, directory: URL,
        manifest: DownloadManifest
    ) async -> Result<DownloadOutcome, any Error> {
        if first.isUnchanged, !force, let kept = await manifest.record(for: name), kept.isSameVersion(as: first.record),
            let file = kept.keptFile(source: first.record.url, directory: directory, name: name)
        {
            return .success(DownloadOutcome(file: file, record: kept, kind: .unchanged, bytesTransferred: 0))
        }
        do {
            return .success(try await downloader.copy(first, as: name))
        } catch {
            return .failure(error)
        }
    }
}
