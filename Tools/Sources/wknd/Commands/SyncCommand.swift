import AEMHeadless
import AEMHeadlessSQLiteCache
import AEMHeadlessSync
import ArgumentParser
import CompanionLaunch
import Foundation
import WKNDCore
import WKNDSample

/// `wknd sync`: every adventure, in full and with its images — or the items of any list or
/// paginated persisted query, or every content fragment below a DAM folder through the delivery
/// API — mirrored into a folder and kept current with deltas.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract:
            "Mirror every adventure (or any query's items, or a DAM folder's fragments) and their images into a folder, then keep it current.",
        discussion: """
            DIR gets content.sqlite, an SQLite database of the fragments (path,
            slug, model, the JSON as AEM sent it, members in AEM's order and
            numbers as sent, a content hash, when each was last seen and last
            changed), and images/, the images named by a hash of their URL.
            ContentStore (library AEMHeadlessSync) reads it offline.

            The first run reads every page of wknd-shared/adventures-paginated
            (where the service has no such query, wknd-shared/adventures-all by
            offset and limit, as Adobe's WKND Shared package stores it), each
            adventure in full with wknd-shared/adventure-by-path (unless the
            list query selects every field it does, with the same arguments:
            then each is stored as listed), and each image. A later run asks
            for each page with the validators the server sent (If-None-Match:
            a 304 means nothing on it changed), reads again only the adventures
            whose list entry changed, asks about their images with conditional
            GETs, removes adventures that are gone with their images, and keeps
            an adventure that moved (same slug, new path) as the same one.
            --revalidate-all reads every adventure again and asks about every
            image: for changes that do not show in the list (rich text).

            Each page is applied in one transaction once its images are on disk,
            so a run stopped at any moment (SIGKILL too) leaves DIR as of its last
            page, and the next run goes on from there. Only one sync of a DIR runs
            at a time: a second one exits with 75, or waits with --wait.

            --query <configuration>/<name> mirrors the items of any list or
            paginated persisted query instead, with its --var and --var-json
            variables, paged as wknd query --all pages it (--paging, --page-size).
            Each item is stored as the query returns it, with the images inside it
            (ImageRef objects); it is identified by its _path, which the query
            must select, kept across moves by its slug when it selects one, and
            its model is recorded when it selects _model { title }. A folder
            mirrors one query with one set of variables: syncing another into it
            is refused (exit 64).

            --fragments <folder> mirrors every content fragment below a DAM
            folder (sub-folders included) through the REST Content Fragment
            Delivery API (/adobe/contentFragments) instead: any model, no
            persisted query needed. The folder must start with /content/dam/ and
            must not end with / (else exit 64). The list's pages (--page-size
            1-50, default 50) are asked with If-None-Match, and a 304 means
            nothing on the page changed; each new or changed fragment is read by
            its id with references=all-hydrated and stored as AEM sent it, with
            every fragment, asset and tag it reaches, so that it is whole
            offline; the images among those references are downloaded from
            their DAM paths. A fragment is read again when one it references
            changes, moves or goes, and keeps its identity across a move by its
            id. A change to a referenced fragment outside the folder does not
            show in its list: --revalidate-all finds it. ContentStore's
            deliveredFragments() reads the folder.

            --locale de mirrors one language copy; --locale de,en mirrors each into
            the one store, every fragment under its own path with its locale (the
            list query gets the variable locale for its _locale argument, and list
            items of other copies are left out; with --fragments, the folder's
            copy in each language is listed). ContentStore reads them back by
            locale, with fallback: adventure(slug:locales:), adventures(locales:).

            Every sync keeps the mirror searchable (`wknd list --store DIR --search
            surf`) and logs what it changed (ContentStore.changes()). --index
            MEMBER keeps an index on a member, so that --where and --sort on it
            stay fast in a large mirror (--index price --index title).

            Progress goes to stderr (a bar on a terminal), then a summary line;
            --json prints the report on stdout. An image that cannot be saved is
            reported, tried again next run, and makes the exit code 69.

            EXAMPLES
              wknd sync wknd-mirror
              wknd sync wknd-mirror --json | jq '{added, changed, removed, requests}'
              wknd sync wknd-mirror --revalidate-all --concurrency 8
              wknd sync articles --query my-site/articles-paginated --var locale=en
              wknd sync wknd-en --fragments /content/dam/wknd-shared/en
              wknd sync wknd-multi --locale de,en
            """
    )

    @Argument(help: ArgumentHelp("The folder to mirror into; created when missing.", valueName: "dir"))
    var directory: String

    @Option(
        help: ArgumentHelp(
            "Mirror the items of this list or paginated persisted query instead of the adventures.",
            valueName: "configuration/name"))
    var query: String?

    @OptionGroup var variables: QueryVariableOptions

    @Option(
        help: ArgumentHelp(
            "Mirror every content fragment below this DAM folder through the delivery API (/adobe/contentFragments) instead of the adventures.",
            valueName: "folder"))
    var fragments: String?

    @Option(
        help: ArgumentHelp(
            "With --query: how the query pages (\(PagingStyle.allCases.map(\.rawValue).joined(separator: ", "))); found from the stored query by default.",
            valueName: "style"))
    var paging: PagingStyle?

    @Option(help: ArgumentHelp("How many items and images to fetch at once (1-64).", valueName: "n"))
    var concurrency = 6

    @Option(
        help: ArgumentHelp(
            "Items per page (1-100, default 100; with --query 1-1000; with --fragments 1-50, default 50).",
            valueName: "n"))
    var pageSize: Int?

    @Option(help: ArgumentHelp("The image width in pixels, passed to the queries.", valueName: "pixels"))
    var width: Int?

    @Option(help: ArgumentHelp("The image quality (1-100), passed to the queries.", valueName: "n"))
    var quality: Int?

    @Option(help: "The image format, passed to the queries.")
    var format: ImageFormat?

    @Flag(help: "Read every item and ask about every image again, even on pages that did not change.")
    var revalidateAll = false

    @Flag(help: "When another sync of DIR is running, wait for it instead of exiting with 75.")
    var wait = false

    @Flag(help: "Print the report as JSON on stdout.")
    var json = false

    @Option(
        help: ArgumentHelp(
            "Keep an index on this member of the mirrored items, for fast --where and --sort (repeat it).",
            valueName: "member"))
    var index: [String] = []

    @Flag(
        help:
            "After the sync, keep DIR current from the service's content events until Ctrl-C; a service that goes away is asked again after 1 s, 2 s, 4 s… up to a minute."
    )
    var follow = false

    @Option(
        help: ArgumentHelp(
            "With --follow: the Adobe I/O Events journal's URL (default: AEM_EVENTS_URL or the profile's eventsUrl, else a `wknd serve` emulator's).",
            valueName: "url"))
    var eventsUrl: String?

    @Option(
        help: ArgumentHelp(
            "With --follow: sync again every N seconds instead of reading an event journal (for an AEM without one).",
            valueName: "seconds"))
    var interval: Int?

    @OptionGroup var options: ServiceOptions

    func validate() throws {
        guard (1...64).contains(concurrency) else { throw ValidationError("--concurrency must be from 1 to 64.") }
        if query != nil, fragments != nil {
            throw ValidationError(
                "Give either --query (a persisted query's items) or --fragments (a DAM folder's fragments), not both.")
        }
        if let query {
            guard QueryPath.isValid(query) else {
                throw ValidationError("Give --query as <configuration>/<name>, such as wknd-shared/adventures-all.")
            }
            if let pageSize, !(1...1000).contains(pageSize) {
                throw ValidationError("--page-size must be from 1 to 1000.")
            }
            if width != nil || quality != nil || format != nil {
                throw ValidationError(
                    "--width, --quality and --format go with the adventures; give a query's own variables with --var.")
            }
        } else {
            if paging != nil || !variables.texts.isEmpty || !variables.jsonTexts.isEmpty {
                throw ValidationError("--var, --var-json and --paging go with --query.")
            }
        }
        if let fragments {
            if let error = ValidationError.damPath(fragments) { throw error }
            if let pageSize, (try? DeliveryRequest.fragmentPage(pageSize: pageSize)) == nil {
                throw ValidationError("With --fragments, --page-size must be from 1 to 50.")
            }
            if width != nil || quality != nil || format != nil {
                throw ValidationError(
                    "--width, --quality and --format go with the adventures; --fragments downloads each image as it is."
                )
            }
        } else if query == nil, let pageSize, !(1...100).contains(pageSize) {
            throw ValidationError("--page-size must be from 1 to 100.")
        }
        if let interval {
            guard follow else { throw ValidationError("--interval goes with --follow.") }
            guard interval >= 1 else { throw ValidationError("--interval must be 1 second or more.") }
            if eventsUrl != nil { throw ValidationError("Give either --events-url or --interval, not both.") }
        }
        if eventsUrl != nil, !follow { throw ValidationError("--events-url goes with --follow.") }
        if let width, width < 1 { throw ValidationError("--width must be 1 or more.") }
        if let quality, !(1...100).contains(quality) { throw ValidationError("--quality must be from 1 to 100.") }
    }

    func run() async throws {
        let interruption = SignalInterruption()
        let work = Task {
            var status = ExitStatus.success
            try await CommandContext.run(options) { context in
                status = try await context.withAem { aem in try await sync(with: aem, context: context) }
            }
            return status
        }
        interruption.install { work.cancel() }
        let result = await work.result
        if let code = interruption.exitCode { throw ExitCode(code) }
        let status = try result.get()
        if status != .success { throw ExitCode(status.rawValue) }
    }

    private func sync(with aem: Aem, context: CommandContext) async throws -> ExitStatus {
        let engine = SyncEngine(
            aem: aem, directory: URL(fileURLWithPath: directory, isDirectory: true),
            concurrency: concurrency, revalidateAll: revalidateAll,
            lockWait: wait ? .seconds(24 * 3600) : .zero, indexedMembers: index)
        let progress = SyncProgressReporter(
            noun: fragments != nil ? "fragments" : query != nil ? "items" : "adventures")
        defer { progress.clear() }
        let console = context.console
        let locales = try context.configuration.resolved.locales()
        let report: SyncReport
        do {
            let onEvent: @Sendable (SyncEvent) -> Void = { event in
                progress.handle(event)
                if case .warning(let message) = event { console.warning(message) }
            }
            let source = try await makeSource(aem: aem, locales: locales)
            if follow {
                try await follow(source, engine: engine, aem: aem, context: context, progress: progress, onEvent)
                return .success
            }
            report = try await engine.sync(source, onEvent: onEvent)
        } catch let error as SyncError {
            throw Self.failure(error)
        } catch let error as AemError where error.kind == .queryNotFound {
            throw Failure.unknownQuery(error)
        }
        progress.clear()
        console.note(Self.summary(report))
        if json { Screen.shared.write(try JSONOutput.text(report), to: .output) }
        return report.imagesFailed > 0 ? .unavailable : .success
    }

    /// The summary line on stderr.
    static func summary(_ report: SyncReport) -> String {
        let moved = report.moved > 0 ? " (\(report.moved) moved)" : ""
        let pages =
            report.pagesNotModified > 0
            ? ", \(report.pagesNotModified) of \(report.pagesRead + report.pagesNotModified) pages not modified" : ""
        return "\(report.resumed ? "resumed: " : "")\(report.added) added, \(report.changed) changed\(moved), "
            + "\(report.unchanged) unchanged, \(report.removed) removed; images: \(report.imagesFetched) fetched, "
            + "\(report.imagesReused) reused, \(report.imagesRemoved) removed\(report.imagesFailed > 0 ? ", \(report.imagesFailed) failed" : "")"
            + " (\(ByteCountText.of(report.imageBytes))); \(report.requests) request\(report.requests == 1 ? "" : "s")\(pages)"
            + " in \(String(format: "%.1f", report.seconds)) s"
    }

    /// What DIR mirrors: the adventures, `--query`'s items or `--fragments`' folder, in each `--locale`.
    private func makeSource(aem: Aem, locales: LocaleChain?) async throws -> any SyncSource {
        if let fragments, let locales {
            return try LocalizedSyncSource(locales: locales) { locale in
                try FragmentSyncSource(
                    aem: aem, folder: locale.languageCopyFolder(of: fragments), pageSize: pageSize ?? 50)
            }
        }
        if let fragments { return try FragmentSyncSource(aem: aem, folder: fragments, pageSize: pageSize ?? 50) }
        if let query {
            if locales != nil {
                throw Failure(
                    .usage,
                    "--locale mirrors the adventures or --fragments; give a query its locale with --var locale=CODE.")
            }
            return await QuerySyncSource.finding(
                aem: aem, path: query, variables: try variables.variables(), style: paging, pageSize: pageSize ?? 100)
        }
        let image = try ImageTransform(width: width, quality: quality, format: format)
        let source = try await AdventureSyncSource.finding(aem: aem, pageSize: pageSize ?? 100, image: image)
        if let locales { return LocalizedSyncSource(locales: locales) { source.in($0) } }
        return source
    }

    /// `--follow`: sync, then keep DIR current from the service's content events until Ctrl-C: a line on stderr for
    /// each change applied (with `--json`, a JSON line on stdout instead) and one for each batch of events.
    private func follow(
        _ source: any SyncSource, engine: SyncEngine, aem: Aem, context: CommandContext,
        progress: SyncProgressReporter, _ onEvent: @escaping @Sendable (SyncEvent) -> Void
    ) async throws {
        let console = context.console
        let json = json
        let totals = LockedValue((events: 0, changes: 0, requests: 0))
        let responses = try Self.responseCache(context)
        let onStep: @Sendable (FollowStep) -> Void = { step in
            progress.clear()
            // What the events change is stale in the response cache too: the next `wknd list` asks past the CDN.
            if let responses, !step.events.isEmpty {
                let changes = step.events.compactMap(ContentChange.init)
                Task { for change in changes { _ = await responses.invalidate(change) } }
            }
            if step.isFullSync {
                if let report = step.report { console.note(Self.summary(report)) }
                return
            }
            // A batch of events, or a sync of --interval that changed something.
            guard !step.events.isEmpty || !step.changes.isEmpty else { return }
            totals.withLock {
                $0 = (
                    $0.events + step.events.count, $0.changes + step.changes.count,
                    $0.requests + (step.report?.requests ?? 0)
                )
            }
            for change in step.changes {
                if json, let line = try? JSONOutput.line(ChangeLine(change)) {
                    Screen.shared.write(line, to: .output)
                } else if !json {
                    console.note("\(change.kind.rawValue) \(change.path)")
                }
            }
            if !step.events.isEmpty {
                console.note(Self.batchLine(step))
            } else if let report = step.report {
                console.note(Self.summary(report))
            }
        }
        // The service gone for a while (no connection, a timeout, a 5xx): said once per failure, with the wait.
        let onInterruption: @Sendable (FollowInterruption) -> Void = { interruption in
            progress.clear()
            console.warning(
                "\(Failure(interruption.error).line) Trying again in \(Self.seconds(interruption.retryIn)) "
                    + "(\(Self.count(interruption.failures, "failure")) in a row).")
        }
        do {
            if let interval {
                console.note("syncing every \(interval) s; Ctrl-C stops")
                try await engine.follow(
                    source, every: .seconds(interval), onEvent: onEvent, onStep: onStep,
                    onInterruption: onInterruption)
            } else {
                let settings = context.configuration.resolved
                let journal = try EventJournalLocation.url(
                    given: eventsUrl, configured: settings.setting(.eventsURL).value, aem: aem)
                let reader = EventJournalReader(
                    aem: aem, journal: journal, apiKey: settings.setting(.clientID).value,
                    organization: ProcessInfo.processInfo.environment["AEM_IMS_ORG"])
                console.note("following \(journal.absoluteString); Ctrl-C stops")
                do {
                    try await engine.follow(
                        source, journal: reader, onEvent: onEvent, onStep: onStep, onInterruption: onInterruption)
                } catch let error as AemError where error.status == 404 {
                    throw Failure(
                        .unavailable,
                        "There is no event journal at \(journal.absoluteString). Give its URL with --events-url (or AEM_EVENTS_URL), or sync every N seconds with --interval N."
                    )
                }
            }
        } catch is CancellationError {}
        let done = totals.value
        console.note(
            "stopped following: \(Self.count(done.events, "event")) applied, \(Self.count(done.changes, "change")), "
                + "\(Self.count(done.requests, "request"))")
    }

    /// The response cache `wknd list`, `show` and `query` read, when the service is one they cache (not the built-in
    /// sample) and it opens.
    private static func responseCache(_ context: CommandContext) throws -> SQLiteResponseCache? {
        guard case .configured = try context.configuration.resolved.service(),
            let location = try? CacheLocation()
        else { return nil }
        return try? SQLiteResponseCache(fileURL: location.fileURL, maxBytes: location.maxBytes)
    }

    /// The line on stderr for one batch of events: the events by kind, and what applying them cost.
    static func batchLine(_ step: FollowStep) -> String {
        let kinds = Dictionary(grouping: step.events) { $0.type.split(separator: ".").last.map(String.init) ?? "" }
            .map { "\($0.value.count) \($0.key)" }.sorted().joined(separator: ", ")
        guard let report = step.report else {
            return "\(count(step.events.count, "event")) (\(kinds)): nothing to apply"
        }
        let unchanged = report.unchanged > 0 ? ", \(report.unchanged) unchanged" : ""
        let removed = report.removed > 0 ? ", \(report.removed) removed" : ""
        let images = report.imagesFetched > 0 ? ", \(count(report.imagesFetched, "image")) fetched" : ""
        return
            "\(count(step.events.count, "event")) (\(kinds)): \(report.added) added, \(report.changed) changed"
            + "\(unchanged)\(removed)\(images); \(count(report.requests, "request")) in "
            + "\(String(format: "%.2f", report.seconds)) s"
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// A wait in seconds, to a tenth: "2.4 s".
    private static func seconds(_ duration: Duration) -> String {
        let (whole, fraction) = duration.components
        return String(format: "%.1f s", Double(whole) + Double(fraction) / 1e18)
    }

    /// One `--json` line of `--follow`: a change applied to the mirror.
    private struct ChangeLine: Encodable {
        var kind: String
        var path: String
        var model: String?
        var locale: String?

        init(_ change: StoreChange) {
            kind = change.kind.rawValue
            path = change.path
            model = change.model
            locale = change.locale?.identifier
        }
    }

    /// The failure for a store or lock problem, with its exit code.
    static func failure(_ error: SyncError) -> Failure {
        switch error.kind {
        case .busy: Failure(.busy, error.message)
        case .differentSource, .invalidQuery: Failure(.usage, error.message)
        default:
            Failure(.cannotCreate, error.message, details: error.underlyingError.map { [String(describing: $0)] } ?? [])
        }
    }
}
