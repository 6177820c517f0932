import Foundation
import NIOConcurrencyHelpers

/// The stand-in's Adobe I/O Events journal: the CloudEvents of content changes (`aem.sites.contentFragment.created`,
/// `.modified`, `.deleted`, `.published`, `.unpublished`, and assets' `aem.assets.asset.processing_completed` and
/// `.deleted`), each at an opaque position, served at
/// `/events/organizations/<org>/integrations/<credential>/<registration>` as the journaling API serves them
/// (`since`, `limit`, `latest`; a relative `Link: <…>; rel="next"`; 204 with `retry-after` at the end; 410 for a
/// position older than the retention). What the stand-in chose where Adobe documents nothing is in
/// ``JournalRules``.
public final class EventJournal: Sendable {
    /// How long events are kept; a position older than that is answered 410.
    public let retention: Duration
    /// The seconds of `retry-after` on a 204: how long a reader waits before asking again.
    public let retryAfter: Int
    /// Faults for tests; change them at any time.
    public let faults: JournalFaults
    /// `acct:aem-p<program>-e<environment>@adobe.com`, the events' `source`.
    public let source: String
    private let clock: @Sendable () -> Date
    /// The events kept and the last sequence number given, changed together so that a reader never sees a number
    /// without its event.
    private let state = NIOLockedValueBox<(entries: [JournalEntry], last: Int)>(([], 0))

    public init(
        retention: Duration = .seconds(7 * 24 * 3600), retryAfter: Int = JournalRules.defaultRetryAfter,
        faults: JournalFaults = JournalFaults(), source: String = JournalRules.source,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.retention = retention
        self.retryAfter = max(0, retryAfter)
        self.faults = faults
        self.source = source
        self.clock = clock
    }

    /// The journal's path, with the stand-in's organization, credential and registration.
    public static let path = JournalRules.path

    /// Every event kept, oldest first.
    public var all: [JournalEntry] { expire().entries }

    /// The events recorded after the one numbered `sequence`, oldest first: read from the end, so that a caller that
    /// keeps up (the CDN, on every request) costs only what is new.
    func entries(after sequence: Int) -> [JournalEntry] {
        state.withLockedValue { state in
            guard state.last > sequence else { return [] }
            return Array(state.entries.reversed().prefix { $0.sequence > sequence }.reversed())
        }
    }

    /// Records an event for each change, in order.
    func record(_ changes: [ContentChange]) -> [JournalEntry] {
        let now = clock()
        return state.withLockedValue { state in
            let recorded = changes.enumerated().map { offset, change in
                let number = state.last + offset + 1
                return JournalEntry(
                    sequence: number, position: JournalRules.position(number), time: now,
                    event: JournalRules.event(change, source: source, time: now))
            }
            state.entries += recorded
            state.last += recorded.count
            return recorded
        }
    }

    /// Drops the events older than the retention; returns those left and the last sequence number ever given.
    private func expire() -> (entries: [JournalEntry], last: Int) {
        let oldest = clock().addingTimeInterval(-Self.seconds(retention))
        return state.withLockedValue { state in
            state.entries.removeAll { $0.time < oldest }
            return (state.entries, state.last)
        }
    }

    /// The answer to `GET <path>?<query>`.
    func answer(path: String, rawTarget: String) -> Reply {
        let parameters = QueryParameters(rawTarget: rawTarget)
        let limit = parameters["limit"].flatMap(Int.init) ?? JournalRules.defaultLimit
        guard limit > 0 else { return JournalRules.problem(400, "limit must be a positive number.") }
        let (kept, last) = expire()
        var after: Int
        if parameters["latest"] == "true" {
            after = last
        } else if let since = parameters["since"] {
            guard let number = JournalRules.sequence(of: since) else {
                return JournalRules.problem(400, "\(since) is not a position of this journal.")
            }
            // Expired: events after the position were dropped (the first kept, or the next to come, is further on).
            if number < (kept.first?.sequence ?? last + 1) - 1 {
                return .raw(
                    status: 410, headers: [("Content-Type", "text/plain")],
                    body: Array("Events at position \(since) have expired.".utf8))
            }
            after = number
        } else {
            after = (kept.first?.sequence ?? last + 1) - 1
        }
        if faults.duplicateDelivery, after > 0 { after -= 1 }
        var batch = kept.filter { $0.sequence > after }.prefix(limit)
        if faults.underfill, batch.count > 1 { batch = batch.prefix(1) }
        let next = JournalRules.nextLink(
            path: path, since: batch.last?.position ?? JournalRules.position(after),
            limit: parameters["limit"] != nil ? limit : nil)
        guard !batch.isEmpty else {
            return .raw(status: 204, headers: [("Link", next), ("retry-after", String(retryAfter))], body: [])
        }
        let body = OrderedJSON.object([
            ("events", .array(batch.map { .object([("position", .string($0.position)), ("event", $0.event)]) })),
            ("_page", .object([("last", .string(batch.last?.position ?? "")), ("count", .int(batch.count))])),
        ])
        return .raw(
            status: 200, headers: [("Content-Type", "application/json"), ("Link", next)], body: body.serialized)
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

/// One event of the journal.
public struct JournalEntry: Sendable {
    /// Its order among the journal's events.
    public var sequence: Int
    /// The opaque position a reader resumes after (`since`).
    public var position: String
    public var time: Date
    var event: OrderedJSON

    /// The CloudEvent's `type`, such as `aem.sites.contentFragment.modified`.
    public var type: String {
        if case .string(let type)? = event["type"] { return type }
        return ""
    }

    /// The fragment's or asset's path (`data.path`).
    public var path: String {
        if case .string(let path)? = event["data"]?["path"] { return path }
        return ""
    }
}

/// The journal's faults, for tests: each answer re-delivers the event before the position asked for
/// (`duplicateDelivery`), or holds one event while more wait (`underfill`).
public final class JournalFaults: Sendable {
    private let flags = NIOLockedValueBox<(duplicate: Bool, underfill: Bool)>((false, false))

    public init() {}

    public var duplicateDelivery: Bool {
        get { flags.withLockedValue { $0.duplicate } }
        set { flags.withLockedValue { $0.duplicate = newValue } }
    }

    public var underfill: Bool {
        get { flags.withLockedValue { $0.underfill } }
        set { flags.withLockedValue { $0.underfill = newValue } }
    }
}
