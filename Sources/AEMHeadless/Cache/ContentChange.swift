import Foundation

/// What one of AEM's content events says changed, as the response cache needs it: the tags of the answers it makes
/// stale (the fragment's path and id, its model, and the lists that could now hold it or not), and the mark every
/// client derives from the same event, which the next read of such an answer sends as a cache-buster, so that AEM's
/// CDN fetches one new copy per change rather than one per device.
///
/// ```swift
/// for try await batch in reader.batches() {                       // EventJournalReader, or an app's own push channel
///     await aem.invalidateCache(for: batch.events.compactMap(ContentChange.init))
/// }
/// ```
public struct ContentChange: Sendable, Hashable {
    /// The tags of the cached answers it makes stale: `cf:<path>`, `cf-id:<id>`, `model:<name>`, `list:delivery`.
    public var tags: Set<String>
    /// The cache-buster the next read of those answers sends: the same for every client of the same event.
    public var mark: String

    /// A change with the given values; see each property.
    public init(tags: Set<String>, mark: String) {
        self.tags = tags
        self.mark = mark
    }

    /// The change a content fragment's event says (`aem.sites.contentFragment.*`: created, modified, deleted,
    /// published, unpublished); nil for any other event. Every kind counts, whatever its tier: marking too much stale
    /// costs a request, marking too little shows old content.
    public init?(_ event: JournalEvent) {
        guard event.type.hasPrefix("aem.sites.contentFragment.") else { return nil }
        var tags: Set<String> = []
        if let path = event.path { tags.insert(CacheTags.path(path)) }
        if let id = event.fragmentID { tags.insert(CacheTags.id(id)) }
        let model = event.data?["model"]
        if let path = model?["path"]?.stringValue ?? model?.stringValue, let name = path.split(separator: "/").last {
            tags.insert(CacheTags.model(String(name)))
        }
        // Any change can add a fragment to a list or take it out of one: the delivery API's lists hold no model name.
        tags.insert(CacheTags.deliveryList)
        guard !tags.isEmpty else { return nil }
        self.init(tags: tags, mark: Self.mark(of: event.id ?? event.position))
    }

    /// How long a read of an answer this change made stale waits, and asks again, while the service still answers
    /// what it answered before the change (replication to publish takes its time): twice, a quarter and three
    /// quarters of a second later (aem-openapi.md §8.7 asks up to three times 5 s apart; a read a person waits on
    /// cannot, and an answer marked because its model's lists could change may well be the same).
    static let replicationWaits: [Duration] = [.milliseconds(250), .milliseconds(750)]

    /// A short, stable digest of `text` (64-bit FNV-1a in hex).
    static func mark(of text: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return String(hash, radix: 16)
    }
}
