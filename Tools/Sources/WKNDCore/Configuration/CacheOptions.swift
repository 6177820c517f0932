import AEMHeadless
import ArgumentParser

/// The response-cache options of the commands that query AEM.
package struct CacheOptions: ParsableArguments {
    package init() {}

    @Flag(help: "Answer from the response cache only, without the network; a query not cached yet fails.")
    package var offline = false

    @Flag(help: "Ask the server even when the cached answer is fresh, and update the cache.")
    package var refresh = false

    @Flag(help: "Neither read nor update the response cache.")
    package var noCache = false

    @Option(
        help: ArgumentHelp(
            "How to use the response cache (default: useHTTPSemantics; `wknd cache --help` explains each).",
            valueName: "name"))
    package var cachePolicy: CachePolicy?

    package func validate() throws {
        let chosen = [
            offline ? "--offline" : nil, refresh ? "--refresh" : nil, noCache ? "--no-cache" : nil,
            cachePolicy.map { _ in "--cache-policy" },
        ].compactMap { $0 }
        if chosen.count > 1 {
            throw ValidationError("\(chosen.joined(separator: " and ")) cannot be used together; choose one.")
        }
    }

    /// No cache at all, as `--no-cache` asks.
    package static var none: CacheOptions {
        var options = CacheOptions()
        options.noCache = true
        return options
    }

    /// The policy these options ask for, or nil for no cache at all.
    package var policy: CachePolicy? {
        if noCache { return nil }
        if offline { return .returnCacheDataDontFetch }
        if refresh { return .fetchIgnoringCacheData }
        return cachePolicy ?? .useHTTPSemantics
    }
}

// The libraries' type, read from the command line by the tools' parser: both packages are this repository's.
// swift-format-ignore: AvoidRetroactiveConformances
extension CachePolicy: @retroactive ExpressibleByArgument {}
