import Foundation
import NIOConcurrencyHelpers

/// The content a running emulator serves, which can be replaced while it runs (`wknd serve --watch`): each request
/// reads one snapshot, so it sees the content before or after a replacement, never half of one. Each replacement,
/// publication and unpublication is recorded in ``journal`` as the CloudEvents AEM would emit for it on ``tier``.
/// Keep a reference (like ``EmulatorFaults``) to change the content of a running emulator.
public final class EmulatorLiveContent: Sendable {
    /// The events of every change, served at ``EventJournal/path``.
    public let journal: EventJournal
    /// The tier played: which events edits make, and whether unpublished fragments are served.
    public let tier: EmulatorTier
    private let state = NIOLockedValueBox<State?>(nil)

    struct State {
        var served: ServedContent
        /// Every fragment loaded, published or not.
        var repository: ContentRepository
        var settings: ServedContent.Settings
        /// The paths of the fragments unpublished (every fragment is published when loaded).
        var unpublished: Set<String> = []

        /// What is served: on publish, the repository without its unpublished fragments.
        func visible(on tier: EmulatorTier) -> ContentRepository {
            guard tier == .publish, !unpublished.isEmpty else { return repository }
            var visible = repository
            for path in unpublished { visible.fragments[path] = nil }
            return visible
        }

        /// - Parameter changedPaths: the only fragments and assets that can differ from what is served; nil: any.
        mutating func serve(on tier: EmulatorTier, changedPaths: Set<String>? = nil) {
            served = ServedContent(visible(on: tier), settings: settings, reusing: served, changedPaths: changedPaths)
        }
    }

    public init(journal: EventJournal = EventJournal(), tier: EmulatorTier = .author) {
        self.journal = journal
        self.tier = tier
    }

    /// Starts serving `repository` (when the emulator starts).
    func install(_ repository: ContentRepository, settings: ServedContent.Settings) {
        state.withLockedValue {
            $0 = State(
                served: ServedContent(repository, settings: settings), repository: repository, settings: settings)
        }
    }

    /// What a request is answered from.
    var served: ServedContent? { state.withLockedValue { $0?.served } }

    /// Serves `content` from now on, and records an event for each fragment and asset it adds, changes or removes
    /// (on publish, for each fragment published or unpublished by it; an unpublished fragment stays unpublished).
    /// - Returns: the events recorded; empty when nothing changed or the emulator has not started.
    @discardableResult
    public func replace(with content: EmulatorContent) -> [JournalEntry] {
        replace(with: content, changedPaths: nil)
    }

    /// ``replace(with:)`` where only the fragments and assets at `changedPaths` can differ from the content served
    /// (nil: any), so that neither the events nor the indexes look at the others.
    func replace(with content: EmulatorContent, changedPaths: Set<String>?) -> [JournalEntry] {
        let tier = tier
        let journal = journal
        // The events are recorded before the lock is let go: a request that finds the new content finds its events.
        return state.withLockedValue { state in
            guard var current = state else { return [] }
            let before = current.visible(on: tier)
            current.repository = content.repository
            current.unpublished.formIntersection(content.repository.fragments.keys)
            let after = current.visible(on: tier)
            current.serve(on: tier, changedPaths: changedPaths)
            state = current
            let fragments = FragmentChange.between(before, after, paths: changedPaths).map {
                tier == .publish ? $0.onPublish : $0
            }
            let assets = AssetChange.between(before, after, paths: changedPaths)
            return journal.record(fragments.map(ContentChange.fragment) + assets.map(ContentChange.asset))
        }
    }

    /// What ``publish(path:)``, ``unpublish(path:)`` and ``touch(path:)`` do.
    public enum Action: String, Sendable, CaseIterable {
        case publish, unpublish, touch
    }

    /// Publishes, unpublishes or touches the fragment at `path` without changing its content, as an author would on
    /// AEM: the event is recorded (`.published` or `.unpublished` with `tier` `publish`; `.modified` for a touch on
    /// author, `.published` on publish), and on publish an unpublished fragment is no longer served.
    /// - Returns: the event recorded; nil when there is no fragment at `path` (or the emulator has not started).
    public func apply(_ action: Action, path: String) -> JournalEntry? {
        let tier = tier
        let journal = journal
        return state.withLockedValue { state in
            guard var current = state, let fragment = current.repository.fragments[path] else { return nil }
            var kind: FragmentChange.Kind
            switch action {
            case .publish:
                kind = .published
                current.unpublished.remove(path)
            case .unpublish:
                kind = .unpublished
                current.unpublished.insert(path)
            case .touch:
                kind = tier == .publish ? .published : .modified
            }
            if action != .touch, tier == .publish { current.serve(on: tier) }
            state = current
            let change = FragmentChange(kind: kind, path: path, id: fragment.uuid, modelPath: fragment.modelPath)
            return journal.record([.fragment(change)]).first
        }
    }

    /// Whether the fragment at `path` is published (every fragment is, until unpublished).
    public func isPublished(_ path: String) -> Bool {
        state.withLockedValue { !($0?.unpublished.contains(path) ?? false) }
    }
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
        _ repository: ContentRepository, settings: Settings, reusing previous: ServedContent? = nil,
        changedPaths: Set<String>? = nil
    ) {
        endpoints = GraphQLEndpoints(
            engine: QueryEngine(
                repository: repository, settings: settings.engine, reusing: previous?.endpoints.engine,
                changedPaths: changedPaths),
            queries: StoredQueries(repository.queries, keepingChangesOf: previous?.endpoints.queries),
            allowsAdHocQueries: settings.allowsAdHocQueries)
        if previous == nil { endpoints.prepareStoredQueries() }
        fragmentDelivery = DeliveryEndpoints(
            index: DeliveryIndex(
                repository: repository, reusing: previous?.fragmentDelivery.index, changedPaths: changedPaths))
        assetDelivery = AssetDeliveryEndpoints(
            assets: ServedAssets(repository.assets), renditions: .shared)
    }
}
