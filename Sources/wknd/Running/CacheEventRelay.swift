import AEMHeadlessSQLiteCache
import Foundation

/// The response cache's events, held until a console is there to show them, then passed on as
/// they come.
final class CacheEventRelay: @unchecked Sendable {
    private let lock = NSLock()
    private var held: [SQLiteCacheEvent] = []
    private var sink: (@Sendable (SQLiteCacheEvent) -> Void)?

    /// Passes `event` on, or holds it until `forward(to:)`.
    @Sendable func send(_ event: SQLiteCacheEvent) {
        let forwardTo = lock.withLock {
            if sink == nil { held.append(event) }
            return sink
        }
        forwardTo?(event)
    }

    /// Passes on the held events, then every later one, to `sink`.
    func forward(to sink: @escaping @Sendable (SQLiteCacheEvent) -> Void) {
        let held = lock.withLock {
            self.sink = sink
            defer { self.held = [] }
            return self.held
        }
        held.forEach(sink)
    }
}
