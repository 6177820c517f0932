import AEMHeadless
import ArgumentParser
import Foundation

/// `wknd download`: the adventures' primary images, saved to a folder as `<slug>.<ext>`.
struct DownloadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "download",
        abstract: "Save adventures' primary images to a folder.",
        discussion: """
            Each image (_dynamicUrl, else _path) is saved as DIR/<slug>.<ext>, the
            extension from the Content-Type, else the URL. A slug that does not
            follow the site's rule (a-z 0-9 - _, 5 to 40 characters) is made safe,
            so no name from the server can write outside DIR.

            Files are written to a hidden .part file in DIR, checked against
            Content-Length, flushed and renamed into place: a failed or interrupted
            download leaves no partial file. A connection lost mid-file is resumed
            when the server allows it. What the server said (ETag, Last-Modified,
            length) is kept in DIR/\(DownloadManifest.defaultFileName); the next run asks
            whether each file changed and skips those that did not (--force
            downloads again). Credentials go only to the AEM service, never to an
            image on another host.

            stdout lists the files written, one per line; progress goes to stderr
            (a bar on a terminal), with a summary at the end. The exit code is not
            0 when any image failed; 130 after Ctrl-C, 143 after SIGTERM.

            EXAMPLES
              wknd download bali-surf-camp climbing-new-zealand --output images
              wknd download --all --output images --concurrency 8 --width 800 --format webp
            """
    )

    @Argument(help: "The adventures' slugs, as `wknd list` shows them.")
    var slugs: [String] = []

    @Flag(help: "Download the images of every adventure.")
    var all = false

    @Option(name: .shortAndLong, help: ArgumentHelp("The folder to save to; created when missing.", valueName: "dir"))
    var output = "."

    @Option(help: ArgumentHelp("How many images to download at once (1-64).", valueName: "n"))
    var concurrency = 6

    @Option(help: ArgumentHelp("The image width in pixels, passed to the query.", valueName: "pixels"))
    var width: Int?

    @Option(help: ArgumentHelp("The image quality (1-100), passed to the query.", valueName: "n"))
    var quality: Int?

    @Option(help: "The image format, passed to the query.")
    var format: ImageFormatChoice?

    @Flag(help: "Download again even when a file is already there and unchanged.")
    var force = false

    @OptionGroup var options: GlobalOptions

    /// Adventures asked for per page with --all.
    static let pageSize = 50

    func validate() throws {
        if all, !slugs.isEmpty { throw ValidationError("Give either slugs or --all, not both.") }
        if !all, slugs.isEmpty { throw ValidationError("Give at least one slug, or --all.") }
        guard (1...64).contains(concurrency) else { throw ValidationError("--concurrency must be from 1 to 64.") }
        if let width, width < 1 { throw ValidationError("--width must be 1 or more.") }
        if let quality, !(1...100).contains(quality) { throw ValidationError("--quality must be from 1 to 100.") }
    }

    func run() async throws {
        let interruption = DownloadInterruption()
        let work = Task {
            var status = ExitStatus.success
            try await CommandContext.run(options) { context in
                status = try await context.withAem { aem in
                    try await download(with: aem, context: context, interruption: interruption)
                }
            }
            return status
        }
        interruption.install { work.cancel() }
        let result = await work.result
        if let code = interruption.exitCode { throw ExitCode(code) }
        let status = try result.get()
        if status != .success { throw ExitCode(status.rawValue) }
    }

    private var imageOptions: ImageOptions {
        ImageOptions(format: format.map { ImageOptions.Format(rawValue: $0.rawValue.uppercased()) }, width: width, quality: quality)
    }

    /// Downloads the images and returns the exit status: success, or that of the first failure.
    private func download(with aem: Aem, context: CommandContext, interruption: DownloadInterruption) async throws -> ExitStatus {
        let directory = URL(fileURLWithPath: output, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw Failure(.cannotCreate, "Cannot create the folder \(output) (\(error.localizedDescription)); choose another with --output.")
        }
        let downloader = FileDownloader(aem: aem)
        interruption.addCleanup { downloader.removeTemporaryFiles() }

        let (adventures, missing) = try await fetchAdventures(aem: aem, context: context)
        let plan = DownloadPlan(adventures, aem: aem)
        for note in plan.notes { context.console.note(note) }
        for problem in plan.problems { context.console.report(Failure(.badResponse, problem)) }

        let progress = DownloadProgressReporter()
        let summary = try await run(plan.jobs, downloader: downloader, into: directory, context: context, progress: progress)
        progress.clear()

        let failed = summary.failures.count + missing.count + plan.problems.count
        context.console.note("\(summary.downloaded) downloaded, \(summary.unchanged) unchanged, \(failed) failed"
            + " (\(DownloadProgressReporter.size(progress.bytes)) in \(String(format: "%.1f", progress.elapsed)) s)")
        if let first = missing.first ?? summary.failures.first { return first.status }
        return plan.problems.isEmpty ? .success : .badResponse
    }

    /// The adventures to download: every one, page by page, with --all; else each slug's, with
    /// a failure for each slug that none has.
    private func fetchAdventures(aem: Aem, context: CommandContext) async throws -> ([Adventure], [Failure]) {
        var adventures: [Adventure] = []
        var missing: [Failure] = []
        if all {
            var offset = 0
            while true {
                let page = try context.data(of: try await aem.adventures(offset: offset, limit: Self.pageSize, image: imageOptions),
                                            query: WKNDQueries.adventuresAllPath)
                adventures += page
                guard page.count == Self.pageSize else { break }
                offset += page.count
            }
            return (adventures, missing)
        }
        for slug in slugs {
            let found = try context.data(of: try await aem.adventure(slug: slug, image: imageOptions),
                                         query: WKNDQueries.adventureBySlugPath)
            guard var adventure = found?.adventure else {
                let failure = Failure(.notFound, "No adventure has the slug \"\(slug)\" on \(aem.configuration.origin); `wknd list` shows the slugs.")
                context.console.report(failure)
                missing.append(failure)
                continue
            }
            adventure.slug = slug
            adventures.append(adventure)
        }
        return (adventures, missing)
    }

    /// The counts of a run and its failures.
    private struct Summary {
        var downloaded = 0
        var unchanged = 0
        var failures: [Failure] = []
    }

    /// Runs the jobs, at most `concurrency` at once; prints each file written as it is done, and
    /// saves the manifest at the end, however the run ends.
    private func run(_ jobs: [DownloadPlan.Job], downloader: FileDownloader, into directory: URL,
                     context: CommandContext, progress: DownloadProgressReporter) async throws -> Summary
    {
        let manifest = DownloadManifest(directory: directory)
        var summary = Summary()
        progress.begin(totalFiles: jobs.count)
        do {
            try await runGroup(jobs, summary: &summary, downloader: downloader, into: directory, manifest: manifest,
                               context: context, progress: progress)
        } catch {
            try? await manifest.save()
            throw error
        }
        try await manifest.save()
        return summary
    }

    /// The bounded task group behind `run`: starts a job as each one ends.
    private func runGroup(_ jobs: [DownloadPlan.Job], summary: inout Summary, downloader: FileDownloader, into directory: URL,
                          manifest: DownloadManifest, context: CommandContext, progress: DownloadProgressReporter) async throws
    {
        try await withThrowingTaskGroup(of: (Int, Result<[DownloadOutcome], any Error>).self) { group in
            var next = 0
            func startNext() {
                guard next < jobs.count else { return }
                let index = next
                next += 1
                group.addTask {
                    do {
                        return (index, .success(try await self.fetch(jobs[index], key: index, downloader: downloader,
                                                                     directory: directory, manifest: manifest, progress: progress)))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            for _ in 0..<min(concurrency, jobs.count) { startNext() }
            while let (index, result) = try await group.next() {
                let job = jobs[index]
                switch result {
                case .success(let outcomes):
                    progress.finish(index, transferred: outcomes.reduce(0) { $0 + $1.bytesTransferred })
                    for (outcome, name) in zip(outcomes, job.names) {
                        await manifest.set(outcome.record, for: name)
                        if outcome.isUnchanged {
                            summary.unchanged += 1
                        } else {
                            summary.downloaded += 1
                            Terminal.standardOutput.write(displayPath(of: outcome.file) + "\n")
                        }
                    }
                case .failure(let error as CancellationError):
                    throw error
                case .failure(let error):
                    progress.finish(index, transferred: 0)
                    var failure = Failure(error)
                    failure.message = job.slugs.joined(separator: ", ") + ": " + failure.message
                    progress.message { context.console.report(failure) }
                    summary.failures.append(contentsOf: Array(repeating: failure, count: job.names.count))
                }
                try Task.checkCancellation()
                startNext()
            }
        }
    }

    /// Downloads one job's URL under its first name and places copies under the others.
    private func fetch(_ job: DownloadPlan.Job, key: Int, downloader: FileDownloader, directory: URL,
                       manifest: DownloadManifest, progress: DownloadProgressReporter) async throws -> [DownloadOutcome]
    {
        guard let lead = job.names.first else { return [] }
        let previous = force ? nil : await manifest.record(for: lead)
        let first = try await downloader.download(job.url, to: directory, name: lead, previous: previous) { update in
            progress.update(key, bytes: update.bytesReceived)
        }
        var outcomes = [first]
        for name in job.names.dropFirst() {
            let kept = await manifest.record(for: name)
            if first.isUnchanged, let kept, kept.url == first.record.url,
               FileManager.default.fileExists(atPath: directory.appendingPathComponent(kept.file).path)
            {
                outcomes.append(DownloadOutcome(file: directory.appendingPathComponent(kept.file), record: kept,
                                                isUnchanged: true, bytesTransferred: 0))
            } else {
                var copy = try await downloader.copy(first, as: name)
                copy.isUnchanged = false
                outcomes.append(copy)
            }
        }
        return outcomes
    }

    /// The path of a written file as the user named the folder: `images/x.jpg`, `./x.jpg`.
    private func displayPath(of file: URL) -> String {
        (output as NSString).appendingPathComponent(file.lastPathComponent)
    }
}

/// The image formats for `--format`.
enum ImageFormatChoice: String, CaseIterable, ExpressibleByArgument, Sendable {
    case jpg, png, gif, webp
}
