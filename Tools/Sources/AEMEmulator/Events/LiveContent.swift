import Foundation
import NIOConcurrencyHelpers

/// The content a running emulator serves, on its three tiers: author, where the Sites API writes (``AuthorStore``),
/// publish, which serves each fragment as it was last published, and preview, which serves each as it was last
/// published to preview. It can also be replaced while it runs
/// (`wknd serve --watch`). Each request reads one snapshot, so it sees the content before or after a change, never
/// half of one. Every change is recorded in ``journal`` as the CloudEvents AEM emits for it. Keep a reference (like
/// ``EmulatorFaults``) to change the content of a running emulator.
public final class EmulatorLiveContent: Sendable {
    /// The events of every change, served at ``EventJournal/path`` on every tier.
    public let journal: EventJournal
    /// How long a publish or an unpublish takes to reach its tier (publish or preview): the job completes, its event
    /// is recorded and the tier serves the change that long after the request (0: before the request is answered).
    public let publishLag: Duration
    private let state = NIOLockedValueBox<State?>(nil)
    private let log = NIOLockedValueBox<AuthorLog?>(nil)

    struct State {
        var store: AuthorStore
        var settings: ServedContent.Settings
        var publishServed: ServedContent
        var previewServed: ServedContent
        /// What author serves; nil until a request needs it after a write.
        var authorServed: ServedContent?
        /// The fragments written on author since ``authorServed`` was made.
        var authorChanged: Set<String> = []
        /// The last ``authorServed``, kept to be reused.
        var lastAuthorServed: ServedContent?
    }

    public init(journal: EventJournal = EventJournal(), publishLag: Duration = .zero) {
        self.journal = journal
        self.publishLag = publishLag
    }

    /// Starts serving `repository` (when the emulator starts), with the writes `replayed` from the author log
    /// applied, and `authorLog` to keep the ones to come.
    func install(
        _ repository: ContentRepository, settings: ServedContent.Settings, authorLog: AuthorLog? = nil,
        replayed: [AuthorLogEntry] = []
    ) {
        var store = AuthorStore(repository)
        for entry in replayed { store.replay(entry) }
        let publish = ServedContent(store.repository(servedOn: .publish), tier: .publish, settings: settings)
        // Preview starts as publish, unless the log says otherwise: only what differs is looked at again.
        let previewDiffers = Set(store.records.values.filter { !$0.previewServesPublished }.map(\.fragment.path))
        let preview = ServedContent(
            store.repository(servedOn: .preview), tier: .preview, settings: settings, reusing: publish,
            changedPaths: previewDiffers)
        log.withLockedValue { $0 = authorLog }
        state.withLockedValue {
            $0 = State(
                store: store, settings: settings, publishServed: publish, previewServed: preview, authorServed: nil)
        }
    }

    /// What a request to `view` is answered from.
    func served(_ view: EmulatorView) -> ServedContent? {
        state.withLockedValue { state in
            guard var current = state else { return nil }
            switch view {
            case .publish:
                return current.publishServed
            case .preview:
                return current.previewServed
            case .author:
                if let served = current.authorServed { return served }
                let reusing = current.lastAuthorServed ?? current.publishServed
                let served = ServedContent(
                    current.store.authorRepository, tier: .author, settings: current.settings, reusing: reusing,
                    changedPaths: current.lastAuthorServed == nil ? nil : current.authorChanged)
                current.authorServed = served
                current.lastAuthorServed = served
                current.authorChanged = []
                state = current
                return served
            }
        }
    }

    /// Reads the author tier.
    func reading<Result>(_ body: (AuthorStore) throws(SitesError) -> Result) throws(SitesError) -> Result {
        let store = state.withLockedValue { $0?.store }
        guard let store else { throw SitesError(status: 503, detail: "The emulator is starting.") }
        return try body(store)
    }

    /// Runs one write of the author tier: the store changes, its events are recorded, publish serves what it
    /// published, and it returns once the author log holds it.
    func writing(_ body: (inout AuthorStore, Date) throws(SitesError) -> AuthorStore.Write) async throws
        -> AuthorStore.Write
    {
        let journal = journal
        let (write, number) = try state.withLockedValue { state throws -> (AuthorStore.Write, Int) in
            guard state != nil else { throw SitesError(status: 503, detail: "The emulator is starting.") }
            // Changed in place, not on a copy, so that a write does not copy every fragment's record: a write that
            // throws does so before it changes anything.
            let write = try body(&state!.store, Date())
            Self.apply(write, to: &state!)
            _ = journal.record(write.changes)
            // Queued while the lock is held, so that the log keeps the writes in the order they were made.
            return (write, log.withLockedValue { $0?.enqueue(write.logged) } ?? 0)
        }
        if let log = log.withLockedValue({ $0 }) { try await log.flushed(through: number) }
        return write
    }

    /// Publishes (or unpublishes) the fragments at `paths` to `tier` (publish or preview): the job completes after
    /// ``publishLag``. With `references`, the fragments the published ones refer to whose status is among them are
    /// published along.
    /// - Returns: each path's outcome, as `POST /cf/fragments/publish` answers it.
    func publishing(
        _ paths: [String], to tier: EmulatorView, unpublish: Bool, references: Set<FragmentStatus>, by user: String
    ) async throws -> [(path: String, status: String, id: String?)] {
        var outcomes: [(path: String, status: String, id: String?)] = []
        var jobs: [String] = []
        try reading { store in
            for path in paths {
                guard DeliveryRules.isValidPath(path) else {
                    outcomes.append((path, "ERROR_INVALID", nil))
                    continue
                }
                guard let record = store.records[path] else {
                    outcomes.append((path, "ERROR_NOT_FOUND", nil))
                    continue
                }
                outcomes.append((path, "SUCCESS_TRIGGERED", record.fragment.uuid))
                jobs.append(path)
                if !unpublish { jobs += Self.referenced(from: record, in: store, statuses: references) }
            }
        }
        let complete: @Sendable () async throws -> Void = { [jobs] in
            _ = try await self.writing { store, now throws(SitesError) in
                var all = AuthorStore.Write()
                for path in Self.unique(jobs) {
                    all.append(
                        unpublish
                            ? store.unpublish(path: path, from: tier, now: now)
                            : store.publish(path: path, to: tier, by: user, now: now))
                }
                return all
            }
        }
        if publishLag == .zero {
            try await complete()
        } else {
            let lag = publishLag
            Task {
                try? await Task.sleep(for: lag)
                try? await complete()
            }
        }
        return outcomes
    }

    /// The paths of the fragments `record` refers to (transitively) whose status is among `statuses`.
    private static func referenced(from record: AuthorRecord, in store: AuthorStore, statuses: Set<FragmentStatus>)
        -> [String]
    {
        guard !statuses.isEmpty else { return [] }
        var found: [String] = []
        var seen: Set<String> = [record.fragment.path]
        var queue = [record]
        while let next = queue.popLast() {
            for field in store.fields(ofModel: next.fragment.modelPath).fieldList {
                guard case .fragmentReference = field.kind else { continue }
                for value in next.fragment.master[field.name]?.elements ?? [] {
                    guard let path = value.text, seen.insert(path).inserted, let target = store.records[path] else {
                        continue
                    }
                    queue.append(target)
                    if statuses.contains(target.status) { found.append(path) }
                }
            }
        }
        return found
    }

    private static func unique(_ paths: [String]) -> [String] {
        var seen: Set<String> = []
        return paths.filter { seen.insert($0).inserted }
    }

    /// Makes the served contents follow `write`.
    private static func apply(_ write: AuthorStore.Write, to state: inout State) {
        if !write.authorPaths.isEmpty || !write.publishPaths.isEmpty || !write.previewPaths.isEmpty {
            state.authorServed = nil
            state.authorChanged.formUnion(write.authorPaths)
        }
        if !write.publishPaths.isEmpty {
            state.publishServed = ServedContent(
                state.store.repository(servedOn: .publish), tier: .publish, settings: state.settings,
                reusing: state.publishServed, changedPaths: write.publishPaths)
        }
        if !write.previewPaths.isEmpty {
            state.previewServed = ServedContent(
                state.store.repository(servedOn: .preview), tier: .preview, settings: state.settings,
                reusing: state.previewServed, changedPaths: write.previewPaths)
        }
    }

    /// Serves `content` from now on on every tier (a saved package is deployed content), and records an event for
    /// each fragment and asset it adds, changes or removes.
    /// - Returns: the events recorded; empty when nothing changed or the emulator has not started.
    @discardableResult
    public func replace(with content: EmulatorContent) -> [JournalEntry] {
        replace(with: content, changedPaths: nil)
    }

    /// ``replace(with:)`` where only the fragments and assets at `changedPaths` can differ from the content served
    /// (nil: any), so that neither the events nor the indexes look at the others.
    func replace(with content: EmulatorContent, changedPaths: Set<String>?) -> [JournalEntry] {
        let journal = journal
        // The events are recorded before the lock is let go: a request that finds the new content finds its events.
        let (entries, logged) = state.withLockedValue { state -> ([JournalEntry], [AuthorLogEntry]) in
            guard var current = state else { return ([], []) }
            let before = current.store.authorRepository
            let logged = current.store.reloaded(content.repository, paths: changedPaths, now: Date())
            let after = current.store.authorRepository
            current.publishServed = ServedContent(
                current.store.repository(servedOn: .publish), tier: .publish, settings: current.settings,
                reusing: current.publishServed, changedPaths: changedPaths)
            current.previewServed = ServedContent(
                current.store.repository(servedOn: .preview), tier: .preview, settings: current.settings,
                reusing: current.previewServed, changedPaths: changedPaths)
            current.authorServed = nil
            if let changedPaths {
                current.authorChanged.formUnion(changedPaths)
            } else {
                current.lastAuthorServed = nil
            }
            state = current
            let fragments = FragmentChange.between(before, after, paths: changedPaths)
            let assets = AssetChange.between(before, after, paths: changedPaths)
            return (journal.record(fragments.map(ContentChange.fragment) + assets.map(ContentChange.asset)), logged)
        }
        if let log = log.withLockedValue({ $0 }) { _ = log.enqueue(logged) }
        return entries
    }

    /// Whether the fragment at `path` is served on publish.
    public func isPublished(_ path: String) -> Bool {
        state.withLockedValue { $0?.store.records[path]?.live != nil }
    }
}

/// The three tiers of an emulator, each on an origin of its own.
public enum EmulatorView: String, Sendable {
    /// Where content is written (the Sites API) and read as it is now.
    case author
    /// Where content is read as it was last published.
    case publish
    /// Where content is read as it was last published to preview, for review before it goes to publish.
    case preview
}

/// What answers a request: the GraphQL endpoints, the delivery API and the assets over one repository.
struct ServedContent: Sendable {
    /// What the options say about serving, kept across replacements.
    struct Settings: Sendable {
        var engine: EngineSettings
        var allowsAdHocQueries: Bool
    }

    let endpoints: GraphQLEndpoints
    let fragmentDelivery: DeliveryEndpoints
    let assetDelivery: AssetDeliveryEndpoints

    /// What answers requests for `repository`; the orders of `previous` are kept where they still hold (a save of a
    /// fragment changes no path), so that serving an edit of a large package does not sort it again. With
    /// `changedPaths` (the only fragments and assets that differ from `previous`'s), only those are looked at. The
    /// first content (no `previous`) has its stored queries parsed and its fields ranked before it answers anything.
    init(
        _ repository: ContentRepository, tier: EmulatorView, settings: Settings, reusing previous: ServedContent? = nil,
        changedPaths: Set<String>? = nil
    ) {
        endpoints = GraphQLEndpoints(
            tier: tier,
            engine: QueryEngine(
                repository: repository, settings: settings.engine, reusing: previous?.endpoints.engine,
                changedPaths: changedPaths),
            queries: StoredQueries(repository.queries, keepingChangesOf: previous?.endpoints.queries),
            allowsAdHocQueries: settings.allowsAdHocQueries)
        if previous == nil { endpoints.prepareStoredQueries() }
        fragmentDelivery = DeliveryEndpoints(
            tier: tier,
            index: DeliveryIndex(
                repository: repository, reusing: previous?.fragmentDelivery.index, changedPaths: changedPaths))
        assetDelivery = AssetDeliveryEndpoints(
            assets: ServedAssets(repository.assets), renditions: .shared)
    }
}
