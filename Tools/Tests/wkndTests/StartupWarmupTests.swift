import AEMHeadlessSQLiteCache
import Foundation
import Testing

@testable import WKNDCore
@testable import wknd

@Suite("StartupWarmup: what the raw arguments start before parsing")
struct StartupWarmupTests {
    typealias Plan = StartupWarmup.Plan

    @Test("list and show open the cache; the HTTP client only when the network is certain")
    func cachingCommands() {
        #expect(Plan(arguments: ["list"]) == Plan(responseCache: true))
        #expect(Plan(arguments: ["show", "bali-surf-camp", "--json"]) == Plan(responseCache: true))
        #expect(Plan(arguments: ["list", "--offline"]) == Plan(responseCache: true))
        #expect(Plan(arguments: ["list", "--refresh"]) == Plan(responseCache: true, httpClient: true))
        #expect(Plan(arguments: ["list", "--limit", "5", "--no-cache"]) == Plan(httpClient: true))
        #expect(Plan(arguments: ["query", "wknd-shared/adventures-all"]) == Plan(responseCache: true))
        #expect(Plan(arguments: ["query", "a/b", "--raw"]) == Plan(httpClient: true))
        #expect(Plan(arguments: ["query", "a/b", "--all", "--jsonl"]) == Plan(httpClient: true))
    }

    @Test("commands that always send requests make the HTTP client; the others nothing")
    func otherCommands() {
        for command in ["queries", "download", "sync"] {
            #expect(Plan(arguments: [command, "x"]) == Plan(httpClient: true), "\(command)")
        }
        for arguments in [["config"], ["cache", "stats"], ["serve"], ["auth", "status"], []] {
            #expect(Plan(arguments: arguments) == Plan(), "\(arguments)")
        }
    }

    @Test("help, version and completion scripts start nothing")
    func builtInRequests() {
        for flag in ["-h", "--help", "--version", "--generate-completion-script"] {
            #expect(Plan(arguments: ["list", flag]) == Plan(), "\(flag)")
            #expect(Plan(arguments: ["download", flag]) == Plan(), "\(flag)")
        }
    }

    @Test("after --, an argument is a value, not an option")
    func terminator() {
        #expect(Plan(arguments: ["show", "--", "--no-cache"]) == Plan(responseCache: true))
        #expect(Plan(arguments: ["show", "--", "--help"]) == Plan(responseCache: true))
    }

    @Test("a background value is taken once, after waiting for it to be made")
    func backgroundValue() {
        let made = BackgroundValue<Int> {
            Thread.sleep(forTimeInterval: 0.05)
            return 42
        }
        #expect(made.take() == 42)
        #expect(made.take() == nil)
        #expect(BackgroundValue<Int> { nil }.take() == nil)
    }

    @Test("cache events are held until there is somewhere to send them, then passed on in order")
    func eventRelay() {
        let relay = CacheEventRelay()
        relay.send(.storeFailed(reason: "one"))
        relay.send(.lookupFailed(reason: "two"))
        let seen = SeenEvents()
        relay.forward { event in seen.add(event.description) }
        relay.send(.storeFailed(reason: "three"))
        let descriptions = seen.descriptions
        #expect(descriptions.count == 3)
        #expect(descriptions.first?.contains("one") == true)
        #expect(descriptions.last?.contains("three") == true)
    }
}

private final class SeenEvents: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [String] = []

    func add(_ description: String) { lock.withLock { seen.append(description) } }
    var descriptions: [String] { lock.withLock { seen } }
}
