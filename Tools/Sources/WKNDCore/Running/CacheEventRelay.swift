import AEMHeadless
import AEMHeadlessSQLiteCache
import Foundation

/// The response cache's events, held until a console is there to show them, then passed on as
/// they come.
package final class CacheEventRelay: Sendable {
    private let state = LockedValue(State())

    private struct State {
        var held: [SQLiteCacheEvent] = []
        var sink: (@Sendable (SQLiteCacheEvent) -> Void)?
    }

    /// Passes `event` on, or holds it until `forward(to:)`.
    @Sendable package func send(_ event: SQLiteCacheEvent) {
        let forwardTo = state.withLock { state in
            if state.sink == nil { state.held.append(event) }
            return state.sink
        }
        forwardTo?(event)
    }

    /// Passes on the held events, then every later one, to `sink`.
    package func forward(to sink: @escaping @Sendable (SQLiteCacheEvent) -> Void) {
        let held = state.withLock { state in
            state.sink = sink
            defer { state.held = [] }
            return state.held
        }
        held.forEach(sink)
    }
}
