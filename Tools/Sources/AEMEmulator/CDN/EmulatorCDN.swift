import Foundation
import NIOConcurrencyHelpers

/// A CDN in front of the emulator's publish origin, as AEM as a Cloud Service runs Fastly there (aem-openapi.md §8):
/// it keeps each cacheable answer for its `s-maxage` (else `max-age`), asks the origin once for misses of one object
/// that arrive together, serves it stale for `stale-while-revalidate`
/// while it fetches it again in the background and for `stale-if-error` when the origin fails, says `Age` and
/// `X-Cache`, purges nothing for persisted queries when content is published, soft-purges the delivery API's answers
/// that hold a changed fragment (one more stale answer, then the new one), and takes the purge requests a customer can
/// send (`PURGE` by URL, by surrogate key, or all; soft or hard) with its purge key. Every choice where Adobe documents
/// nothing is in ``CacheRules``.
///
/// Give one to ``EmulatorOptions/cdn`` (`wknd serve --cdn`); its clock can be a test's.
public final class EmulatorCDN: Sendable {
    /// The key a purge request must carry in `X-AEM-Purge-Key`; nil: every purge is refused.
    let purgeKey: String?
    private let now: @Sendable () -> Date
    private let state = NIOLockedValueBox(State())

    /// One kept answer.
    struct Entry: Sendable {
        var reply: Reply
        var stored: Date
        var directives: CacheDirectives
        /// When a soft purge marked it stale; nil while it is not purged.
        var purged: Date?
        var keys: [String]
        /// The body as text, to find the fragments it holds.
        var text: String
        var path: String
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var revalidating: Set<String> = []
        /// The origin requests on their way for answers not kept, by target: what concurrent misses wait for.
        var fetching: [String: Task<Reply, Never>] = [:]
        /// The journal's last event whose purges were applied.
        var appliedSequence = 0
        var purges = 0
    }

    /// A CDN that takes purges carrying `purgeKey` (none: all are refused), on the clock `now`.
    public init(purgeKey: String? = nil, now: @escaping @Sendable () -> Date = { Date() }) {
        self.purgeKey = purgeKey
        self.now = now
    }

    /// The number of answers kept now.
    public var count: Int { state.withLockedValue { $0.entries.count } }

    /// The answer to a `GET` or `HEAD` of `target` (whose path is `path`): the kept copy while it may be served,
    /// else `origin`'s, kept when it may be. The headers to add say where it came from.
    func answer(
        target: String, path: String, journal: EventJournal, origin: @escaping @Sendable () async -> Reply
    ) async -> (Reply, headers: [(String, String)]) {
        applyChanges(from: journal)
        let time = now()
        let kept = state.withLockedValue { $0.entries[target] }
        if let kept {
            let age = time.timeIntervalSince(kept.stored)
            if isFresh(kept, at: time) { return (kept.reply, Self.headers(hit: true, age: age)) }
            if time < staleUntil(kept, extra: kept.directives.staleWhileRevalidate) {
                revalidate(target, path: path, origin: origin)
                return (kept.reply, Self.headers(hit: true, age: age))
            }
        }
        let (fetch, leads) = state.withLockedValue { state in
            if CacheRules.collapsesConcurrentMisses, let running = state.fetching[target] { return (running, false) }
            let fetch = Task {
                let fetched = await origin()
                keep(fetched, target: target, path: path, at: time)
                return fetched
            }
            state.fetching[target] = fetch
            return (fetch, true)
        }
        let fetched = await fetch.value
        guard leads else {
            // The answer a concurrent miss fetched is shared only when it was kept: a private one or a failure is
            // this request's own to ask for.
            if let shared = state.withLockedValue({ $0.entries[target] }), isFresh(shared, at: now()) {
                return (shared.reply, Self.headers(hit: true, age: now().timeIntervalSince(shared.stored)))
            }
            let own = await origin()
            return (own, Self.headers(hit: false, age: 0))
        }
        defer { state.withLockedValue { _ = $0.fetching.removeValue(forKey: target) } }
        if let kept, Self.isFailure(fetched), time < staleUntil(kept, extra: kept.directives.staleIfError) {
            return (kept.reply, Self.headers(hit: true, age: time.timeIntervalSince(kept.stored)))
        }
        return (fetched, Self.headers(hit: false, age: 0))
    }

    /// The answer to a `PURGE` of `path` with the request's `headers` (lowercased names).
    func purge(path: String, headers: [String: String]) -> Reply {
        guard let given = headers["x-aem-purge-key"] else {
            return ProblemDetails.reply(401, "A purge needs the purge key in X-AEM-Purge-Key.")
        }
        guard let purgeKey, given == purgeKey else {
            return ProblemDetails.reply(403, "The purge key in X-AEM-Purge-Key is not this CDN's.")
        }
        let options = Set(
            (headers["x-aem-purge"] ?? "").lowercased().split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            })
        let soft = options.contains("soft") || (!options.contains("hard") && !CacheRules.purgeIsHardByDefault)
        let time = now()
        if options.contains("all") {
            purge(where: { _ in true }, soft: soft, at: time)
            return .document(status: 200, .object([("status", .string("ok"))]), cacheControl: nil)
        }
        if path == "/", let keys = headers["surrogate-key"] {
            var members: [(String, OrderedJSON)] = []
            for key in keys.split(separator: " ").map(String.init) {
                purge(where: { $0.keys.contains(key) }, soft: soft, at: time)
                members.append((key, .string(Self.purgeID())))
            }
            return .document(status: 200, .object(members), cacheControl: nil)
        }
        purge(where: { $0.path == path }, soft: soft, at: time)
        return .document(
            status: 200, .object([("status", .string("ok")), ("id", .string(Self.purgeID()))]), cacheControl: nil)
    }

    // MARK: Keeping

    private func isFresh(_ entry: Entry, at time: Date) -> Bool {
        guard entry.purged == nil, let lifetime = entry.directives.sharedLifetime else { return false }
        return time.timeIntervalSince(entry.stored) < Double(lifetime)
    }

    /// The end of the time a stale `entry` may still be served for, `extra` seconds after it went stale.
    private func staleUntil(_ entry: Entry, extra: Int?) -> Date {
        guard let extra else { return .distantPast }
        let stale = entry.purged ?? entry.stored.addingTimeInterval(Double(entry.directives.sharedLifetime ?? 0))
        return stale.addingTimeInterval(Double(extra))
    }

    /// Fetches `target` again in the background (once at a time), keeping the new answer unless it failed.
    private func revalidate(_ target: String, path: String, origin: @escaping @Sendable () async -> Reply) {
        let start = state.withLockedValue { $0.revalidating.insert(target).inserted }
        guard start else { return }
        Task {
            let fetched = await origin()
            if !Self.isFailure(fetched) { keep(fetched, target: target, path: path, at: now()) }
            state.withLockedValue { _ = $0.revalidating.remove(target) }
        }
    }

    private func keep(_ reply: Reply, target: String, path: String, at time: Date) {
        guard let (status, cacheControl, body) = Self.cacheable(reply),
            CacheRules.cachedStatuses.contains(status)
        else { return }
        let directives = CacheDirectives(parsing: cacheControl)
        guard directives.sharedLifetime != nil else { return }
        let entry = Entry(
            reply: reply, stored: time, directives: directives, purged: nil,
            keys: CacheRules.surrogateKeys(ofPath: path), text: String(decoding: body, as: UTF8.self), path: path)
        state.withLockedValue { $0.entries[target] = entry }
    }

    /// The status, `Cache-Control` and body of a reply the CDN may keep; nil for one it never keeps.
    private static func cacheable(_ reply: Reply) -> (Int, String, [UInt8])? {
        switch reply {
        case .document(let status, let document, let cacheControl?):
            return (status, cacheControl.cacheControl, document.serialized)
        case .executed(let answer):
            return (200, answer.cacheControl.cacheControl, answer.body)
        case .asset(let asset):
            return asset.cacheControl.map { (200, $0, []) }
        case .document, .raw:
            return nil
        }
    }

    private static func isFailure(_ reply: Reply) -> Bool {
        switch reply {
        case .document(let status, _, _), .raw(let status, _, _): status >= 500
        case .executed, .asset: false
        }
    }

    // MARK: Purging

    private func purge(where matches: (Entry) -> Bool, soft: Bool, at time: Date) {
        state.withLockedValue { state in
            state.purges += 1
            for (target, entry) in state.entries where matches(entry) {
                if soft {
                    state.entries[target]?.purged = entry.purged ?? time
                } else {
                    state.entries[target] = nil
                }
            }
        }
    }

    /// Applies what the journal recorded since the last look: a change of a fragment soft-purges the delivery API's
    /// answers that hold it; persisted queries are not purged (``CacheRules/publishPurgesPersistedQueries``).
    private func applyChanges(from journal: EventJournal) {
        let applied = state.withLockedValue { $0.appliedSequence }
        let changed = journal.entries(after: applied)
        guard let last = changed.last?.sequence else { return }
        let paths = Set(changed.filter { $0.type.hasPrefix("aem.sites.contentFragment.") }.map(\.path))
        let time = now()
        state.withLockedValue { state in
            state.appliedSequence = max(state.appliedSequence, last)
            for (target, entry) in state.entries {
                let isQuery = entry.path.hasPrefix("/graphql/")
                guard !isQuery || CacheRules.publishPurgesPersistedQueries else { continue }
                guard entry.path.hasPrefix(CacheRules.deliveryPathPrefix),
                    paths.contains(where: { entry.text.contains("\"\($0)\"") })
                else { continue }
                state.entries[target]?.purged = entry.purged ?? time
            }
        }
    }

    private static func headers(hit: Bool, age: TimeInterval) -> [(String, String)] {
        [
            ("Age", String(max(0, Int(age.rounded(.down))))), ("X-Cache", hit ? "HIT" : "MISS"),
            ("X-Served-By", CacheRules.servedBy),
        ]
    }

    private static func purgeID() -> String {
        String(UUID().uuidString.lowercased().prefix(8))
    }
}
