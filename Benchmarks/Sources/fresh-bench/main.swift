// fresh-bench: fresh after publish, through AEM's CDN as the emulator plays it (`wknd serve --cdn`). The emulator
// serves a content package (the real WKND package beside the repository when there is one, else the built-in
// sample) with a CDN in front of publish; N app clients (default 100), each with a response cache of its own, show
// `wknd-shared/adventures-all` in a `QueryModel` and follow AEM's content events from the journal as an app would
// (`EventJournalReader` → `Aem.invalidateCache(for:)` → `QueryModel.follow()`). Then P publishes (default 100) each
// change one adventure's title on author and publish it. It prints, as JSON: from each publish to every client's
// model showing the new title (median, p90, max, over all clients and publishes), and the requests for the query
// that reached publish past the CDN (X-Cache MISS) per publish.
//
// With --without-events, the clients are as they were before they followed events: each reads again every second
// through its cache under HTTP's rules, and a publish counts as not shown after 10 s.
//
//   cd Benchmarks && swift build -c release --product fresh-bench && .build/release/fresh-bench [--clients 100] [--publishes 100] [--content <jcr_root>] [--without-events]
import AEMEmulator
import AEMHeadless
import AEMHeadlessAuthoring
import AEMHeadlessObservation
import AEMHeadlessURLSession
import Foundation

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("fresh-bench: \(message)\n".utf8))
    exit(64)
}

func progress(_ message: String) {
    FileHandle.standardError.write(Data("\rfresh-bench: \(message)".utf8))
}

var clientCount = 100
var publishCount = 100
var contentPath: String? = {
    let real = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/real-aem/wknd-shared/jcr_root")
    return FileManager.default.fileExists(atPath: real.path) ? real.path : nil
}()
var withoutEvents = false
var arguments = CommandLine.arguments.dropFirst()

/// The value after an option, or the reason it is missing.
@MainActor func value(after option: String) -> String {
    guard let value = arguments.popFirst() else { fail("\(option) needs a value") }
    return value
}

/// A positive number after an option.
@MainActor func number(after option: String) -> Int {
    guard let number = Int(value(after: option)), number > 0 else { fail("\(option) needs a number above zero") }
    return number
}

while let argument = arguments.popFirst() {
    switch argument {
    case "--clients": clientCount = number(after: argument)
    case "--publishes": publishCount = number(after: argument)
    case "--content": contentPath = value(after: argument)
    case "--without-events": withoutEvents = true
    default:
        fail(
            "unknown argument \(argument); usage: fresh-bench [--clients N] [--publishes N] [--content DIR] [--without-events]"
        )
    }
}

/// A response cache in memory, as an app might keep one, that honours content changes by tag.
actor MemoryCache: ResponseCache {
    private var entries: [CacheKey: CachedResponse] = [:]
    func lookup(_ key: CacheKey) -> CachedResponse? { entries[key] }
    func store(_ response: CachedResponse, for key: CacheKey) { entries[key] = response }
    func touch(_ key: CacheKey) {}
    func remove(_ key: CacheKey) { entries[key] = nil }
    nonisolated func identityDigest(of credential: String) -> String { credential }
    func invalidate(_ change: ContentChange) -> Int {
        var marked = 0
        for (key, response) in entries where !response.tags.isDisjoint(with: change.tags) {
            entries[key]?.changeMark = change.mark
            marked += 1
        }
        return marked
    }
}

let query = PersistedQuery<UntypedJSON>("wknd-shared/adventures-all")
/// How often a client's reading of the journal failed and started again.
final class FailureCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
let readerFailures = FailureCount()

@MainActor
func run() async throws {
    let content: EmulatorContent
    if let contentPath {
        content = try EmulatorContent(ContentPackage(jcrRoot: URL(fileURLWithPath: contentPath)))
    } else {
        content = try EmulatorContent.sample()
    }
    let emulator = try await Emulator.start(options: EmulatorOptions(content: content, cdn: EmulatorCDN()))
    defer { Task { await emulator.stop() } }
    let publishHost = "127.0.0.1:\(emulator.port)"
    let journal = emulator.baseURL.appendingPathComponent(EventJournal.path)
    let author = Aem(
        try AemConfiguration(
            scheme: .http, host: "127.0.0.1:\(emulator.authorURL.port ?? 0)",
            authentication: .basic(username: "admin", password: "admin")),
        transport: URLSessionTransport())

    // The clients: each its own cache, model, event reader.
    var models: [QueryModel<UntypedJSON>] = []
    var tasks: [Task<Void, Never>] = []
    let since = try await EventJournalReader(
        aem: Aem(try AemConfiguration(scheme: .http, host: publishHost), transport: URLSessionTransport()),
        journal: journal
    ).latestPosition()
    for _ in 0..<clientCount {
        let aem = Aem(
            try AemConfiguration(scheme: .http, host: publishHost), transport: URLSessionTransport(),
            cache: MemoryCache())
        let model = QueryModel(aem: aem, query: query)
        await model.load()
        models.append(model)
        if withoutEvents {
            // The client as it was before it followed events: the app reads again each second (a timer, a return
            // to the foreground), through its cache under HTTP's rules.
            tasks.append(
                Task {
                    while !Task.isCancelled {
                        try? await Task.sleep(for: .seconds(1))
                        await model.load()
                    }
                })
            continue
        }
        tasks.append(Task { await model.follow() })
        tasks.append(
            Task.detached {
                // As an app would: after a failure, read on from the last position it applied.
                var position = since
                while !Task.isCancelled {
                    do {
                        for try await batch in EventJournalReader(aem: aem, journal: journal, since: position)
                            .batches()
                        {
                            await aem.invalidateCache(for: batch.events.compactMap(ContentChange.init))
                            position = batch.position ?? position
                        }
                    } catch is CancellationError {
                        return
                    } catch {
                        readerFailures.add()
                        try? await Task.sleep(for: .milliseconds(100))
                    }
                }
            })
    }
    guard let first = models.first?.result?.data?["adventureList"]?["items"]?[0]?["_path"]?.stringValue else {
        fail("the package's adventures-all answers no adventure")
    }

    var latencies: [Double] = []
    var missesPerPublish: [Int] = []
    var unseen = 0
    let clock = ContinuousClock()
    for number in 0..<publishCount {
        let title = "Published \(number)"
        guard let fragment = try await author.send(.fragment(path: first)) else { fail("no fragment at \(first)") }
        var edit = FragmentEdit(fragment)
        try edit.setValue(.string(title), forField: "title")
        _ = try await author.send(.patch(edit))
        emulator.clearRequests()
        let start = clock.now
        _ = try await author.send(.publish(paths: [first]))
        var waiting = Set(models.indices)
        while !waiting.isEmpty {
            for index in waiting where (models[index].result?.data?.jsonText() ?? "").contains(title) {
                waiting.remove(index)
                latencies.append((clock.now - start) / .seconds(1))
            }
            if withoutEvents, clock.now - start > .seconds(10) { break }
            if clock.now - start > .seconds(60) { fail("publish \(number) did not reach every client in 60 s") }
            try await Task.sleep(for: .milliseconds(5))
        }
        unseen += waiting.count
        missesPerPublish.append(
            emulator.requests.filter {
                $0.path == "/graphql/execute.json/wknd-shared/adventures-all" && $0.cache == "MISS"
            }
            .count)
        progress("publish \(number + 1)/\(publishCount)")
        try await Task.sleep(for: .milliseconds(Int.random(in: 0...500)))
    }
    FileHandle.standardError.write(Data("\n".utf8))
    for task in tasks { task.cancel() }
    latencies.sort()
    /// A quantile of the latencies in seconds, to the millisecond; nil when no client saw any publish.
    func quantile(_ q: Double) -> Double? {
        latencies.isEmpty
            ? nil
            : (latencies[min(latencies.count - 1, Int(Double(latencies.count) * q))] * 1000)
                .rounded() / 1000
    }
    let misses = missesPerPublish.sorted()
    let summary: [String: Any] = [
        "content": contentPath ?? "the built-in sample", "clients": clientCount, "publishes": publishCount,
        "following_events": !withoutEvents, "journal_read_failures": readerFailures.value, "shown": latencies.count,
        "not_shown_within_10_s": unseen,
        "median_s": quantile(0.5) ?? NSNull(), "p90_s": quantile(0.9) ?? NSNull(), "max_s": quantile(1) ?? NSNull(),
        "origin_requests_per_publish_median": misses[misses.count / 2],
        "origin_requests_per_publish_max": misses.last ?? 0,
    ]
    let data = try JSONSerialization.data(withJSONObject: summary, options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
}

try await run()
exit(0)
