import AEMHeadless
import AEMHeadlessObservation
import AEMHeadlessURLSession
import Foundation

/// What the app's adventures screen shows, for its SwiftUI view: the list from the service through the app's cache.
final class AdventuresScreen {
    let log = RequestLog()
    let cache = MemoryCache()
    let list: QueryModel<AdventureListData>
    private let aem: Aem

    /// The screen for the service at `host` (`publish-p123-e456.adobeaemcloud.com`; `127.0.0.1:4503` over http for
    /// `wknd serve`).
    init(host: String, scheme: AemOrigin.Scheme = .https, token: String? = nil) throws {
        let aem = Aem(
            try AemConfiguration(
                scheme: scheme, host: host,
                authentication: token.map { .provider(SessionToken($0)) } ?? .none),
            transport: URLSessionTransport(), cache: cache, observer: log)
        list = QueryModel(aem: aem, query: .adventures(limit: 5))
        self.aem = aem
    }

    /// Keeps the list current until the task is cancelled: reads AEM's content events from the journal at
    /// `journal`, from now on, marks the cached answers they change stale, and the list reads itself again.
    func follow(events journal: URL) async {
        let aem = aem
        let marking = Task.detached {
            let since = try? await EventJournalReader(aem: aem, journal: journal).latestPosition()
            let reader = EventJournalReader(aem: aem, journal: journal, since: since)
            for try await batch in reader.batches() {
                await aem.invalidateCache(for: batch.events.compactMap(ContentChange.init))
            }
        }
        await withTaskCancellationHandler {
            await list.follow()
        } onCancel: {
            marking.cancel()
        }
    }

    /// The rows: each adventure's title and price.
    var rows: [String] {
        (list.result?.data?.adventureList.items ?? []).map { card in
            "\(card.title ?? "Untitled") · \(card.price.map { String(format: "%.2f", $0) } ?? "–")"
        }
    }

    /// The banner: where the rows came from, or why they could not be read.
    var banner: String? {
        if let error = list.error { return "Could not load: \(error)" }
        return list.result?.source == .network ? nil : "Saved earlier"
    }
}
