import NIOConcurrencyHelpers

/// Faults injected into one emulator, changeable from any thread while it runs.
///
/// Scripts are per path: the percent-decoded request path without its variable suffix or query, e.g.
/// `/graphql/execute.json/wknd-shared/adventures-all` or an image's `_path` or `_dynamicUrl` path. Each request to
/// that path takes the next action; when the script is used up, requests are answered normally again.
///
/// ```swift
/// emulator.faults.script("/graphql/execute.json/wknd-shared/adventures-all", .serviceUnavailable(retryAfter: 1))
/// emulator.faults.latency = .milliseconds(200)
/// ```
public final class EmulatorFaults: Sendable {
    private struct State {
        var latency: Duration = .zero
        var scripts: [String: [FaultAction]] = [:]
    }

    private let state = NIOLockedValueBox(State())

    /// No latency and no scripts.
    public init() {}

    /// Added before every answer.
    public var latency: Duration {
        get { state.withLockedValue { $0.latency } }
        set { state.withLockedValue { $0.latency = newValue } }
    }

    /// Appends `actions` to the script of `path`.
    public func script(_ path: String, _ actions: FaultAction...) {
        script(path, actions)
    }

    /// Appends `actions` to the script of `path`.
    public func script(_ path: String, _ actions: [FaultAction]) {
        state.withLockedValue { $0.scripts[path, default: []].append(contentsOf: actions) }
    }

    /// The number of actions of `path` not used yet.
    public func pendingActions(for path: String) -> Int {
        state.withLockedValue { $0.scripts[path]?.count ?? 0 }
    }

    /// Removes all scripts and the latency.
    public func reset() {
        state.withLockedValue { $0 = State() }
    }

    /// Takes the next action for `path`, if any.
    func takeAction(for path: String) -> FaultAction? {
        state.withLockedValue { state in
            guard var actions = state.scripts[path], !actions.isEmpty else { return nil }
            let action = actions.removeFirst()
            state.scripts[path] = actions.isEmpty ? nil : actions
            return action
        }
    }
}
