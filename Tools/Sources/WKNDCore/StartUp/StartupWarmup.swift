import AEMHeadlessAsyncHTTPClient
import AEMHeadlessSQLiteCache
import Foundation

/// The slow set-up a command is about to need, begun on another core before the arguments are
/// parsed so that the two overlap: opening the response cache, and making the HTTP client with
/// its event-loop threads, then warming it up for its first connection.
///
/// The warm-up guesses from the raw arguments. Each command still decides for itself, and takes
/// a warmed part only when it is the one it would have made; a wrong guess costs only unused
/// work on the other core, never a different result. It creates nothing on disk: a cache file is
/// opened only when it exists already.
package enum StartupWarmup {
    /// What the raw arguments say the command will need.
    package struct Plan: Equatable {
        package var responseCache = false
        package var httpClient = false

        /// Commands that read through the response cache.
        package static let cachingCommands: Set<String> = ["list", "show", "query", "fragments"]
        /// Commands that always send requests.
        package static let networkCommands: Set<String> = ["queries", "download", "sync"]
        /// Options with which a caching command always sends its request and does not use the cache.
        package static let uncachedOptions: Set<String> = ["--no-cache", "--raw", "--all"]

        package init(responseCache: Bool = false, httpClient: Bool = false) {
            self.responseCache = responseCache
            self.httpClient = httpClient
        }

        package init(arguments: [String]) {
            let options = Set(arguments.prefix { $0 != "--" }.filter { $0.hasPrefix("-") })
            guard let command = arguments.first,
                options.isDisjoint(with: ["-h", "--help", "--version", "--generate-completion-script"])
            else { return }
            if Self.cachingCommands.contains(command) {
                let uncached = !options.isDisjoint(with: Self.uncachedOptions)
                responseCache = !uncached
                httpClient = uncached || options.contains("--refresh")
            } else {
                httpClient = Self.networkCommands.contains(command)
            }
        }
    }

    /// A response cache opened by the warm-up, with the events it reported before a console
    /// was there to show them.
    package struct WarmedCache: Sendable {
        package let location: CacheLocation
        package let store: SQLiteResponseCache
        package let events: CacheEventRelay
    }

    nonisolated(unsafe) private static var cache: BackgroundValue<WarmedCache>?
    nonisolated(unsafe) private static var transport: BackgroundValue<AsyncHTTPClientTransport>?

    /// Starts what `arguments` call for. Call once, first thing in `main`, before any other thread
    /// asks for the warmed parts.
    package static func start(arguments: [String], environment: [String: String]) {
        let plan = Plan(arguments: arguments)
        if plan.responseCache {
            cache = BackgroundValue {
                guard let location = try? CacheLocation(environment: environment),
                    FileManager.default.fileExists(atPath: location.fileURL.path)
                else { return nil }
                let events = CacheEventRelay()
                guard
                    let store = try? SQLiteResponseCache(
                        fileURL: location.fileURL, maxBytes: location.maxBytes, onEvent: events.send)
                else { return nil }
                return WarmedCache(location: location, store: store, events: events)
            }
        }
        if plan.httpClient {
            transport = BackgroundValue {
                AsyncHTTPClientTransport()
            } then: {
                $0.warmUp()
            }
        }
    }

    /// The warmed cache when it was opened at `location`; nil otherwise, or when already taken.
    package static func takeResponseCache(at location: CacheLocation) -> WarmedCache? {
        guard let warmed = cache?.take() else { return nil }
        return warmed.location == location ? warmed : nil
    }

    /// The warmed HTTP transport, which the taker shuts down; nil when none was made or it was taken.
    package static func takeHTTPTransport() -> AsyncHTTPClientTransport? {
        transport?.take()
    }

    /// Shuts down a warmed HTTP transport that no command took.
    package static func shutDownUnused() async {
        try? await takeHTTPTransport()?.shutdown()
    }
}
