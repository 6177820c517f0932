import AEMHeadless
import AEMHeadlessDownload
import ArgumentParser
import Foundation
import WKNDCore
import WKNDSample

/// `wknd download`: the adventures' primary images, or those any query's answer references,
/// saved to a folder as `<slug>.<ext>`.
struct DownloadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "download",
        abstract: "Save adventures' primary images, or any query's images, to a folder.",
        discussion: """
            Each image (_dynamicUrl, else _path) is saved as DIR/<slug>.<ext>, the
            extension from the bytes, else the Content-Type. A slug that does not
            follow the site's rule (a-z 0-9 - _, 5 to 40 characters) is made safe,
            so no name from the server can write outside DIR.

            Files are written to a hidden .part file in DIR, checked against
            Content-Length, flushed and renamed into place: a failed or interrupted
            download leaves no partial file. A connection lost mid-file is resumed
            when the server allows it. What the server said (ETag, Last-Modified,
            length) is kept in DIR/\(DownloadManifest.defaultFileName); the next run asks
            whether each file changed and skips those that did not (--force
            downloads again). An image that several adventures share is fetched
            once and copied. Credentials go only to the AEM service, never to an
            image on another host.

            --query <configuration>/<name> (with --var and --var-json) downloads
            every image (ImageRef) the query's answer references instead, each
            named after the fragment that holds it (its slug, else the last part
            of its _path; -2, -3 for further images of one fragment), or after
            the image's own file name; with --all the query's pages are followed
            as by `wknd query --all`.

            --fragments /content/dam/<folder> downloads the images that the
            content fragments below that folder reference, through the REST
            delivery API (see `wknd fragments --help`): asset references that are
            images, and image paths in text fields, named as with --query.

            --width, --height, --quality, --format, --crop, --rotate, --flip and
            --smart-crop render every image as AEM does (on its _dynamicUrl, or
            through Dynamic Media with OpenAPI for --fragments); --original saves
            the uploads as they are. A file's extension follows the bytes received.

            stdout lists the files written, one per line; progress goes to stderr
            (a bar on a terminal, kept below every other line), with a summary at
            the end. The exit code is not
            0 when any image failed; 130 after Ctrl-C, 143 after SIGTERM.

            EXAMPLES
              wknd download lofoten-winter-surf algarve-first-waves --output images
              wknd download --all --output images --concurrency 8 --width 800 --format webp
              wknd download --query wknd-shared/adventures-all --crop 0p,0p,50p,50p
              wknd download --query wknd-shared/adventures-paginated --all --output images
              wknd download --query my-site/article-by-slug --var slug=summer-kitchen
              wknd download --fragments /content/dam/wknd-shared/en/magazine --output images
            """
    )

    @Argument(help: "The adventures' slugs, as `wknd list` shows them.")
    var slugs: [String] = []

    @Flag(help: "Download the images of every adventure; with --query, follow the query's pages.")
    var all = false

    @Option(
        help: ArgumentHelp(
            "Download the images this persisted query's answer references.", valueName: "configuration/name"))
    var query: String?

    @OptionGroup var variables: QueryVariableOptions

    @Option(
        help: ArgumentHelp(
            "Download the images the content fragments below this DAM folder reference (REST delivery API).",
            valueName: "path"))
    var fragments: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("The folder to save to; created when missing.", valueName: "dir"))
    var output = "."

    @Option(help: ArgumentHelp("How many images to download at once (1-64).", valueName: "n"))
    var concurrency = 6

    @OptionGroup(title: "Image rendering") var image: ImageTransformOptions

    @Flag(help: "Fetch each image's original, as uploaded, instead of a rendering.")
    var original = false

    @Option(
        help: ArgumentHelp(
            "With --fragments and rendering options: the Dynamic Media delivery host (default: the AEM service).",
            valueName: "url"))
    var deliveryHost: String?

    @Flag(help: "Download again even when a file is already there and unchanged.")
    var force = false

    @OptionGroup var options: ServiceOptions

    /// Adventures asked for per page with --all.
    static let pageSize = 50

    func validate() throws {
        if let fragments {
            if let error = ValidationError.damPath(fragments) { throw error }
            if query != nil || all || !slugs.isEmpty {
                throw ValidationError("Give --fragments alone: not with slugs, --all or --query.")
            }
            if !variables.texts.isEmpty || !variables.jsonTexts.isEmpty {
                throw ValidationError("--var and --var-json go with --query, not --fragments.")
            }
        } else if let query {
            guard QueryPath.isValid(query) else {
                throw ValidationError("Give --query as <configuration>/<name>.")
            }
            if !slugs.isEmpty { throw ValidationError("Give either slugs or --query, not both.") }
        } else {
            if !variables.texts.isEmpty || !variables.jsonTexts.isEmpty {
                throw ValidationError("--var and --var-json go with --query.")
            }
            if all, !slugs.isEmpty { throw ValidationError("Give either slugs or --all, not both.") }
            if !all, slugs.isEmpty { throw ValidationError("Give at least one slug, --all, --query or --fragments.") }
        }
        guard (1...64).contains(concurrency) else { throw ValidationError("--concurrency must be from 1 to 64.") }
        if original, image.isSet {
            throw ValidationError("--original fetches images as uploaded: leave out --width, --format and the others.")
        }
        if let deliveryHost, AemOrigin(deliveryHost: deliveryHost) == nil {
            throw ValidationError("--delivery-host must be a URL such as https://delivery-p1-e2.adobeaemcloud.com.")
        }
    }

    func run() async throws {
        let interruption = SignalInterruption()
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

    /// The rendering asked for; the options were checked by `validate()`.
    private var selection: ImageSelection {
        ImageSelection(
            transform: (try? image.transform()) ?? .defaults, original: original,
            deliveryOrigin: deliveryHost.flatMap(AemOrigin.init(deliveryHost:)))
    }

    /// What the WKND queries' own variables carry of the transform (format, width, quality); the rest goes on the URL.
    private var queryTransform: ImageTransform {
        let transform = selection.transform
        return (try? ImageTransform(width: transform.width, quality: transform.quality, format: transform.format))
            ?? .defaults
    }

    /// Downloads the images and returns the exit status: success, or that of the first failure.
    private func download(with aem: Aem, context: CommandContext, interruption: SignalInterruption) async throws
        -> ExitStatus
    {
        let directory = URL(fileURLWithPath: output, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw Failure(
                .cannotCreate,
                "Cannot create the folder \(output) (\(error.localizedDescription)); choose another with --output.")
        }
        let isSample = if case .builtInSample? = try? context.configuration.resolved.service() { true } else { false }
        let batch = BatchDownloader(
            aem: aem, concurrency: concurrency, force: force,
            manifestOrigin: isSample ? BuiltInSample.manifestOrigin : nil)
        interruption.addCleanup { batch.removeTemporaryFiles() }

        let (plan, missing) = try await makePlan(aem: aem, context: context)
        for note in plan.notes { context.console.note(note) }
        for problem in plan.problems { context.console.report(Failure(.badResponse, problem)) }

        let progress = DownloadProgressReporter()
        defer { progress.clear() }
        interruption.addCleanup { progress.clear() }
        progress.begin(totalFiles: plan.items.count)
        let summary = Summary()
        _ = try await batch.download(plan.items, to: directory) { event in
            switch event {
            case .progress(let url, let update):
                progress.update(url, bytes: update.bytesReceived)
            case .finished(let done):
                progress.finish(done.item.url, transferred: (try? done.result.get())?.bytesTransferred ?? 0)
                report(done, plan: plan, summary: summary, context: context)
            }
        }
        progress.clear()
        let failures = summary.failures
        let failed = failures.count + missing.count + plan.problems.count
        context.console.note(
            "\(summary.downloaded) downloaded, \(summary.unchanged) unchanged, \(failed) failed"
                + " (\(ByteCountText.of(progress.bytes)) in \(String(format: "%.1f", progress.elapsed)) s)"
        )
        if let first = missing.first ?? failures.first { return first.status }
        return plan.problems.isEmpty ? .success : .badResponse
    }

    /// Prints one finished item: the file written on stdout, or the failure on stderr.
    private func report(_ done: DownloadItemResult, plan: DownloadPlan, summary: Summary, context: CommandContext) {
        switch done.result {
        case .success(let outcome) where outcome.isUnchanged:
            summary.add { $0.unchanged += 1 }
        case .success(let outcome):
            summary.add { $0.downloaded += 1 }
            Screen.shared.write(displayPath(of: outcome.file) + "\n", to: .output)
        case .failure(let error):
            var failure = Failure(error)
            failure.message = (plan.slugs[done.item.name] ?? done.item.name.rawValue) + ": " + failure.message
            context.console.report(failure)
            summary.add { $0.failures.append(failure) }
        }
    }

    /// What to download: the images of a query's answer with --query, else the adventures'.
    private func makePlan(aem: Aem, context: CommandContext) async throws -> (DownloadPlan, [Failure]) {
        let origin = aem.configuration.origin
        if let fragments {
            return (
                try await DownloadPlan.fragments(
                    under: fragments, aem: aem, concurrency: concurrency, selection: selection), []
            )
        }
        guard let query else {
            let (adventures, missing) = try await fetchAdventures(aem: aem, context: context)
            return (DownloadPlan(adventures, origin: origin, selection: selection), missing)
        }
        var plan = DownloadPlan()
        let values = try variables.variables()
        if all {
            for try await page in aem.pages(of: PersistedQuery<UntypedJSON>(query, variables: values)) {
                context.warnAboutErrors(in: page.result)
                for item in page.items { plan.add(item.referencedImages, origin: origin, selection: selection) }
            }
        } else {
            let data = try context.data(
                of: try await aem.execute(PersistedQuery<UntypedJSON>(query, variables: values)).value)
            plan.add(data.referencedImages, origin: origin, selection: selection)
        }
        return (plan, [])
    }

    /// The adventures to download: every one, page by page, with --all; else each slug's, with
    /// a failure for each slug that none has.
    private func fetchAdventures(aem: Aem, context: CommandContext) async throws -> ([Adventure], [Failure]) {
        var adventures: [Adventure] = []
        var missing: [Failure] = []
        if all {
            let every = try await aem.allAdventures(image: queryTransform, pageSize: Self.pageSize)
            return (try context.data(of: every.value), missing)
        }
        for slug in slugs {
            let result = try await aem.execute(WKNDQueries.adventureBySlug(slug, image: queryTransform)).value
                .adventureDetail()
            context.warnAboutErrors(in: result)
            guard var adventure = result.data?.adventure else {
                let failure = Failure(
                    .notFound,
                    "No adventure has the slug \"\(slug)\" on \(aem.configuration.origin); `wknd list` shows the slugs."
                )
                context.console.report(failure)
                missing.append(failure)
                continue
            }
            adventure.slug = slug
            adventures.append(adventure)
        }
        return (adventures, missing)
    }

    /// The counts of a run and its failures, added to as items finish.
    private final class Summary: Sendable {
        struct Counts {
            var downloaded = 0
            var unchanged = 0
            var failures: [Failure] = []
        }

        private let counts = LockedValue(Counts())

        func add(_ change: (inout Counts) -> Void) { counts.withLock(change) }
        var downloaded: Int { counts.withLock { $0.downloaded } }
        var unchanged: Int { counts.withLock { $0.unchanged } }
        var failures: [Failure] { counts.withLock { $0.failures } }
    }

    /// The path of a written file as the user named the folder: `images/x.jpg`, `./x.jpg`.
    private func displayPath(of file: URL) -> String {
        (output as NSString).appendingPathComponent(file.lastPathComponent)
    }
}
