import Foundation

/// The content changes a client was told of lately (`Aem.invalidateCache(for:)`), kept so that an answer it had not
/// cached when a change came is not taken from a CDN copy older than that change: when such an answer holds what
/// the change touched and its `Age` says the copy was made before the client heard of the change, it is asked for
/// again with the change's mark, the URL every client of that change asks for. Shared by a client and its copies.
final class RecentChanges: Sendable {
    /// How many changes are kept; older ones fall off (a CDN copy lives two hours, a busy author publishes less).
    static let limit = 512

    private let changes = LockedValue<[(change: ContentChange, heard: Date)]>([])

    init() {}

    /// Keeps `changes`, heard at `time`.
    func record(_ changes: [ContentChange], at time: Date) {
        guard !changes.isEmpty else { return }
        self.changes.withLock { kept in
            kept.append(contentsOf: changes.map { ($0, time) })
            if kept.count > Self.limit { kept.removeFirst(kept.count - Self.limit) }
        }
    }

    /// The newest change heard after `time` that touches one of `tags`; nil when there is none.
    func newest(touching tags: Set<String>, heardAfter time: Date) -> ContentChange? {
        guard !tags.isEmpty else { return nil }
        return changes.withLock { kept in
            kept.last { $0.heard > time && !$0.change.tags.isDisjoint(with: tags) }?.change
        }
    }
}
