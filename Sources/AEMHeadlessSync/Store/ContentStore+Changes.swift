import AEMHeadless
import Foundation
import GRDB

/// One change a sync applied to a store, from the store's change log, in the order applied.
public struct StoreChange: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case added, changed, removed
        /// More changed than the log keeps since the reader last looked: read what you show again.
        case overflow
    }

    /// Its place in the log: later changes have larger numbers.
    public var sequence: Int64
    public var kind: Kind
    /// The fragment's path (a move is a removal and an addition); empty for `.overflow`.
    public var path: String
    public var locale: ContentLocale?
    public var model: String?
}

extension ContentStore {
    /// The sequence number of the last change in the log; 0 when there is none.
    public func lastChangeSequence() throws -> Int64 {
        try requireChangeLog()
        return try read { db in try Int64.fetchOne(db, sql: "SELECT max(seq) FROM fragment_change") ?? 0 }
    }

    /// The changes applied after `sequence` (nil: from now on), whichever process applies them, checked every
    /// `interval`, until the task reading them is cancelled. Reading never blocks a sync (the store is in WAL mode).
    /// When the reader falls further behind than the log keeps, one `.overflow` stands for what it missed.
    public func changes(after sequence: Int64? = nil, checkingEvery interval: Duration = .milliseconds(200))
        -> AsyncThrowingStream<StoreChange, any Error>
    {
        .producing { [self] continuation in
            var last = try sequence ?? lastChangeSequence()
            while !Task.isCancelled {
                let batch = try changes(after: last)
                for change in batch { continuation.yield(change) }
                last = batch.last?.sequence ?? last
                if batch.isEmpty { try await Task.sleep(for: interval) }
            }
        }
    }

    /// What `read` gives now, and again each time changes make it give something else: changes that come close
    /// together (within `window`, as a sync applies its pages) are read once, so a sync of a thousand fragments does
    /// not wake a screen a thousand times.
    public func observe<Value: Sendable & Equatable>(
        checkingEvery interval: Duration = .milliseconds(200), coalescing window: Duration = .milliseconds(100),
        _ read: @escaping @Sendable (ContentStore) throws -> Value
    ) -> AsyncThrowingStream<Value, any Error> {
        .producing { [self] continuation in
            var seen = try lastChangeSequence()
            var value = try read(self)
            continuation.yield(value)
            while !Task.isCancelled {
                try await Task.sleep(for: interval)
                guard try lastChangeSequence() > seen else { continue }
                try await Task.sleep(for: window)
                seen = try lastChangeSequence()
                let next = try read(self)
                if next != value {
                    value = next
                    continuation.yield(next)
                }
            }
        }
    }

    /// The fragments `query` selects now, and again each time changes make them differ (see `observe(_:)`).
    public func observe(_ query: FragmentQuery) -> AsyncThrowingStream<[StoredFragment], any Error> {
        observe { store in try store.fragments(matching: query) }
    }

    /// Every change after `sequence` the log holds, read 1,000 at a time.
    func allChanges(after sequence: Int64) throws -> [StoreChange] {
        var all: [StoreChange] = []
        while case let more = try changes(after: all.last?.sequence ?? sequence), !more.isEmpty {
            all += more
        }
        return all
    }

    /// Up to 1,000 changes after `sequence`, with an `.overflow` first when some were trimmed.
    func changes(after sequence: Int64) throws -> [StoreChange] {
        try read { db in
            var batch: [StoreChange] = []
            let oldest = try Int64.fetchOne(db, sql: "SELECT min(seq) FROM fragment_change")
            if let oldest, oldest > sequence + 1 {
                batch.append(StoreChange(sequence: oldest - 1, kind: .overflow, path: ""))
            }
            let rows = try Row.fetchAll(
                db, sql: "SELECT * FROM fragment_change WHERE seq > ? ORDER BY seq LIMIT 1000",
                arguments: [max(sequence, (oldest ?? 1) - 1)])
            for row in rows {
                let locale: String? = row["locale"]
                batch.append(
                    StoreChange(
                        sequence: row["seq"], kind: StoreChange.Kind(rawValue: row["kind"]) ?? .changed,
                        path: row["path"], locale: locale.flatMap { try? ContentLocale($0) }, model: row["model"]))
            }
            return batch
        }
    }

    private func requireChangeLog() throws {
        try requireTable(
            "fragment_change", "predates its change log; run `wknd sync \(directory.path)` once to upgrade it")
    }
}
