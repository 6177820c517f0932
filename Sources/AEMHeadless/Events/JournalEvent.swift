import Foundation

/// One event of an Adobe I/O Events journal: its position and the CloudEvent as sent (every member kept; an unknown
/// `type` is kept too, never rejected).
public struct JournalEvent: Sendable, Hashable {
    /// Where the journal can be read from after this event (`since`).
    public var position: String
    /// The CloudEvent as the journal sent it.
    public var event: UntypedJSON

    package init(position: String, event: UntypedJSON) {
        self.position = position
        self.event = event
    }

    /// The CloudEvent's `type`, such as `aem.sites.contentFragment.modified`; empty when it has none.
    public var type: String { event["type"]?.stringValue ?? "" }
    /// The CloudEvent's `id`: with `source`, unique per event (a redelivered duplicate may repeat it).
    public var id: String? { event["id"]?.stringValue }
    public var source: String? { event["source"]?.stringValue }
    /// `data`: for a content fragment, its `id`, `path`, `model` and more.
    public var data: UntypedJSON? { event["data"] }
    /// The content fragment's path (`data.path`), when the event names one.
    public var path: String? { data?["path"]?.stringValue }
    /// The content fragment's id (`data.id`), when the event names one.
    public var fragmentID: String? { data?["id"]?.stringValue }
    /// `data.tier` of a (un)publish event: `publish` or `preview`.
    public var tier: String? { data?["tier"]?.stringValue }
}

/// The events one journal request gave, and the position to read on from.
public struct JournalBatch: Sendable, Hashable {
    public var events: [JournalEvent]
    /// The position after the batch (`since` of the next request); nil when the journal gave none.
    public var position: String?
}

/// The journal no longer holds the events after `position` (410): they are older than its retention. Read it from
/// its start or its end again, and bring what it stood for up to date another way (such as a full sync).
public struct JournalPositionExpired: Error, Sendable, CustomStringConvertible {
    public var position: String
    public var description: String { "The event journal no longer holds the events after \(position) (410)." }
}
