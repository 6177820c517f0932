import AEMHeadless
import AEMHeadlessSQLiteCache
import Foundation

/// The response cache as one command uses it: the policy its options ask for, the line on
/// stderr that flags a stale answer, the background refreshes to finish before exiting, and
/// the run's counts for `wknd cache stats`. Without a cache, queries go straight to the server.
package final class CommandCache: Sendable {
    /// The cache the command's client reads through; nil without one.
    package let store: SQLiteResponseCache?
    /// The policy the command's options ask for.
    package let policy: CachePolicy
    private let console: Console
    private let state = LockedValue(State())

    /// The run's counts, and the background refreshes to wait for.
    private struct State {
        var counts = RunCounts()
        var refreshes: [Task<Void, Never>] = []
    }

    /// A cache that is not used.
    package static func disabled(console: Console) -> CommandCache {
        CommandCache(store: nil, policy: .fetchIgnoringCacheData, console: console)
    }

    /// Opens the cache that `options` ask for, or none for `--no-cache`, taking the one the
    /// start-up warm-up opened when it is the same. A cache that cannot be opened is a warning,
    /// and the command goes on without it, except under `--offline`.
    package static func open(_ options: CacheOptions, console: Console) throws -> CommandCache {
        guard let policy = options.policy else { return disabled(console: console) }
        do {
            let location = try CacheLocation()
            let report: @Sendable (SQLiteCacheEvent) -> Void = { event in console.warning(event.description) }
            if let warmed = StartupWarmup.takeResponseCache(at: location) {
                warmed.events.forward(to: report)
                return CommandCache(store: warmed.store, policy: policy, console: console)
            }
            let store = try SQLiteResponseCache(fileURL: location.fileURL, maxBytes: location.maxBytes, onEvent: report)
            return CommandCache(store: store, policy: policy, console: console)
        } catch {
            let failure =
                error as? Failure
                ?? Failure(
                    .cannotCreate,
                    "The response cache cannot be opened (\(error)); set WKND_CACHE_DIR to a writable folder, or use --no-cache."
                )
            if options.offline { throw failure }
            console.warning(failure.line + " Going on without it.")
            return disabled(console: console)
        }
    }

    private init(store: SQLiteResponseCache?, policy: CachePolicy, console: Console) {
        self.store = store
        self.policy = policy
        self.console = console
    }

    /// The value of one read of the client (a query, a delivery API resource), counted for the run's statistics;
    /// a stale answer is flagged on stderr.
    package func value<Value: Sendable>(_ read: () async throws -> Fetched<Value>) async throws -> Value {
        guard store != nil else { return try await read().value }
        do {
            return noted(try await read())
        } catch is CacheMissError {
            throw Failure(
                .unavailable,
                "Nothing is cached for this request yet; run `\(Self.onlineCommand())` once while the service is reachable to fill the cache."
            )
        }
    }

    /// The value of an answer read elsewhere (a page of the library's pagers), counted and flagged as `value(_:)`
    /// counts and flags its own.
    package func noted<Value: Sendable>(_ answer: Fetched<Value>) -> Value {
        guard store != nil else { return answer.value }
        state.withLock { state in
            switch answer.source {
            case .cache, .staleCache: state.counts.hits += 1
            case .revalidated: state.counts.revalidated += 1
            case .network: state.counts.misses += 1
            }
            if let refresh = answer.backgroundRefresh { state.refreshes.append(refresh) }
        }
        console.detail(Self.sourceText(answer))
        if answer.source == .staleCache { flagStale(answer) }
        return answer.value
    }

    /// Waits for the background refreshes and records the run's counts.
    package func finish() async {
        guard let store else { return }
        let (counts, refreshes) = state.withLock { ($0.counts, $0.refreshes) }
        for refresh in refreshes { await refresh.value }
        if counts != RunCounts() { store.recordRun(counts) }
    }

    private func flagStale<Value>(_ answer: Fetched<Value>) {
        let age = Self.ageText(answer.age)
        if let failure = answer.serverFailure {
            let reason = (failure as? AemError)?.message ?? String(describing: failure)
            console.warning("showing the cached answer from \(age) ago, which is stale: \(reason)")
        } else if answer.backgroundRefresh != nil {
            console.note(
                "showing the cached answer from \(age) ago, which is stale; the cache is refreshed for next time")
        } else {
            console.note(
                "showing the cached answer from \(age) ago, which is stale; run without --offline or with --refresh to update it"
            )
        }
    }

    private static func sourceText<Value>(_ answer: Fetched<Value>) -> String {
        switch answer.source {
        case .network: "answered by the server; the response cache is updated"
        case .revalidated: "the server confirmed the cached answer (304)"
        case .cache: "answered from the response cache (\(ageText(answer.age)) old), without a request"
        case .staleCache: "answered from the response cache (\(ageText(answer.age)) old, stale)"
        }
    }

    /// An age in words: `42 s`, `5 min`, `3 h`, `2 days`.
    package static func ageText(_ seconds: TimeInterval) -> String {
        let whole = Int(max(0, seconds))
        switch whole {
        case ..<120: return "\(whole) s"
        case ..<7200: return "\(whole / 60) min"
        case ..<172_800: return "\(whole / 3600) h"
        default: return "\(whole / 86400) days"
        }
    }

    /// This command line without `--offline` or a cache policy, to name the command that fills the cache.
    private static func onlineCommand() -> String {
        var words: [String] = []
        var skipNext = false
        for argument in CommandLine.arguments.dropFirst() {
            if skipNext {
                skipNext = false
                continue
            }
            if argument == "--offline" || argument.hasPrefix("--cache-policy=") { continue }
            if argument == "--cache-policy" {
                skipNext = true
                continue
            }
            let safe = argument.allSatisfy { $0.isLetter || $0.isNumber || "-_.,/:=@".contains($0) }
            words.append(
                safe && !argument.isEmpty ? argument : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
            )
        }
        return (["wknd"] + words).joined(separator: " ")
    }
}
