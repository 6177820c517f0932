import Foundation

/// Tells whoever listens that `Aem.invalidateCache(for:)` marked answers stale, so that a model showing one reads
/// it again (`QueryModel.follow()`). Shared by a client and the copies made from it (`Aem.with(cache:policy:)`).
package final class CacheChangeSignal: Sendable {
    private let listeners = LockedValue<[UUID: AsyncStream<Void>.Continuation]>([:])

    package init() {}

    /// A stream that yields once after each invalidation, from now until its task is cancelled.
    package func changes() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        listeners.withLock { $0[id] = continuation }
        continuation.onTermination = { [listeners] _ in listeners.withLock { _ = $0.removeValue(forKey: id) } }
        return stream
    }

    /// Wakes every listener.
    func send() {
        for continuation in listeners.withLock({ Array($0.values) }) { continuation.yield() }
    }
}
