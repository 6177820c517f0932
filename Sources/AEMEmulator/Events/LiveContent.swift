import Foundation
import NIOConcurrencyHelpers

/// The content a running emulator serves, which can be replaced while it runs (`wknd serve --watch`): each request
/// reads one snapshot, so it sees the content before or after a replacement, never half of one. Each replacement is
/// recorded in ``journal`` as the CloudEvents AEM would emit for it. Keep a reference (like ``EmulatorFaults``) to
/// replace the content of a running emulator.
public final class EmulatorLiveContent: Sendable {
    /// The events of every replacement, served at ``EventJournal/path``.
    public let journal: EventJournal
    private let state = NIOLockedValueBox<State?>(nil)

    struct State {
        var served: ServedContent
        var repository: ContentRepository
        var settings: ServedContent.Settings
    }

    public init(journal: EventJournal = EventJournal()) {
        self.journal = journal
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

    /// Serves `content` from now on, and records an event for each fragment it adds, changes or removes.
    /// - Returns: the events recorded; empty when nothing changed or the emulator has not started.
    @discardableResult
    public func replace(with content: EmulatorContent) -> [JournalEntry] {
        let changes: [FragmentChange] = state.withLockedValue { state in
            guard let current = state else { return [] }
            let changes = FragmentChange.between(current.repository, content.repository)
            state = State(
                served: ServedContent(content.repository, settings: current.settings), repository: content.repository,
                settings: current.settings)
            return changes
        }
        return journal.record(changes)
    }
}

/// What answers a request: the GraphQL endpoints, the delivery API and the assets over one repository.
struct ServedContent: Sendable {
    /// What the options say about serving, kept across replacements.
    struct Settings: Sendable {
        var engine: EngineSettings
        var allowsAdHocQueries: Bool
        /// The most bytes of rendered images kept for repeated requests.
        var renditionCacheBytes = 64 * 1024 * 1024
    }

    let endpoints: GraphQLEndpoints
    let fragmentDelivery: DeliveryEndpoints
    let assetDelivery: AssetDeliveryEndpoints

    init(_ repository: ContentRepository, settings: Settings) {
        endpoints = GraphQLEndpoints(
            engine: QueryEngine(repository: repository, settings: settings.engine),
            queries: StoredQueries(repository.queries), allowsAdHocQueries: settings.allowsAdHocQueries)
        fragmentDelivery = DeliveryEndpoints(index: DeliveryIndex(repository: repository))
        assetDelivery = AssetDeliveryEndpoints(
            assets: ServedAssets(repository.assets), renditions: RenditionCache(byteLimit: settings.renditionCacheBytes)
        )
    }
}
