// follow-bench: what following AEM's content events costs in a large mirror. The sample content plus N synthetic
// adventures (default 10,000) is served by the emulator on 127.0.0.1; a folder is synced once through the Content
// Fragment Delivery API (`FragmentSyncSource`) and once through GraphQL (`AdventureSyncSource`), then each follows
// the journal while C adventures (default 100) are edited in one change of the content. It prints, per source, the
// requests the base sync sent, the requests following sent for the C changes (journal reads left out), and the time
// from the change to the last of them being in the mirror:
//
//   cd Benchmarks && swift build -c release --product follow-bench && .build/release/follow-bench [--fragments 10000] [--changes 100]
import AEMEmulator
import AEMHeadless
import AEMHeadlessAsyncHTTPClient
import AEMHeadlessSync
import Foundation
import WKNDSample

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("follow-bench: \(message)\n".utf8))
    exit(64)
}

func progress(_ message: String) {
    FileHandle.standardError.write(Data("follow-bench: \(message)\n".utf8))
}

var fragmentCount = 10_000
var changeCount = 100
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--fragments":
        guard let value = arguments.popFirst().flatMap({ Int($0) }), value >= 1 else {
            fail("--fragments needs a number")
        }
        fragmentCount = value
    case "--changes":
        guard let value = arguments.popFirst().flatMap({ Int($0) }), value >= 1 else {
            fail("--changes needs a number")
        }
        changeCount = value
    default:
        fail("unknown argument \(argument); usage: follow-bench [--fragments N] [--changes N]")
    }
}
guard changeCount <= fragmentCount else { fail("--changes must not exceed --fragments") }

/// The sample with `count` more adventures, `bench-<n>`, each in a folder of its own.
func content(count: Int, priceOffset: Double, edited: Int) throws -> EmulatorContent {
    var content = try EmulatorContent.sample()
    guard let model = content.modelPath(titled: "Adventure") else { fail("the sample has no Adventure model") }
    for index in 0..<count {
        let slug = "bench-\(index)"
        let price = Double(index) + (index < edited ? priceOffset : 0)
        content[fragment: "/content/dam/wknd-shared/en/adventures/\(slug)/\(slug)"] = ContentFragment(
            path: "/content/dam/wknd-shared/en/adventures/\(slug)/\(slug)",
            uuid: String(format: "00000000-0000-4000-8000-%012d", index), modelPath: model, title: "Bench \(index)",
            master: ["slug": .string(slug), "title": .string("Bench \(index)"), "price": .double(price)])
    }
    return content
}

struct Figures {
    var baseRequests = 0
    var baseSeconds = 0.0
    var followRequests = 0
    var applied = 0
    var seconds = 0.0
}

/// Syncs a new folder with `makeSource`'s source, then follows while `changeCount` adventures are edited.
func measure(
    _ name: String, base: EmulatorContent, edited: EmulatorContent, fragments: Int, changes changeCount: Int,
    makeSource: @escaping @Sendable (Aem) throws -> any SyncSource
) async throws -> Figures {
    let live = EmulatorLiveContent(journal: EventJournal(retryAfter: 0))
    let emulator = try await Emulator.start(options: EmulatorOptions(content: base, live: live))
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("follow-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let figures = try await AsyncHTTPClientTransport.withTransport { transport in
        let aem = Aem(try AemConfiguration(scheme: .http, host: "127.0.0.1:\(emulator.port)"), transport: transport)
        guard let journal = URL(string: emulator.baseURL.absoluteString + EventJournal.path) else { fail("no URL") }
        let source = try makeSource(aem)
        let figures = LockedBox(Figures())
        let started = ContinuousClock.now
        let done = AsyncStream<Void>.makeStream()
        let editedAt = LockedBox<ContinuousClock.Instant?>(nil)
        let requestsBefore = LockedBox(0)
        let follower = Task {
            try await SyncEngine(aem: aem, directory: folder).follow(
                source, journal: EventJournalReader(aem: aem, journal: journal),
                onStep: { step in
                    if step.isFullSync {
                        figures.update {
                            $0.baseRequests = step.report?.requests ?? 0
                            $0.baseSeconds = (ContinuousClock.now - started) / .seconds(1)
                        }
                        done.continuation.yield()
                        return
                    }
                    let applied = figures.update {
                        $0.applied += step.changes.count
                        return $0.applied
                    }
                    if applied >= changeCount, let at = editedAt.value {
                        figures.update { $0.seconds = (ContinuousClock.now - at) / .seconds(1) }
                        done.continuation.yield()
                    }
                })
        }
        var signals = done.stream.makeAsyncIterator()
        progress("\(name): base sync of \(fragments) adventures and the sample")
        _ = await signals.next()
        requestsBefore.update { $0 = emulator.requests.count }
        editedAt.update { $0 = ContinuousClock.now }
        live.replace(with: edited)
        progress("\(name): following \(changeCount) changes")
        _ = await signals.next()
        follower.cancel()
        _ = await follower.result
        let sent = emulator.requests.dropFirst(requestsBefore.value).filter { !$0.path.hasPrefix("/events/") }
        return figures.update {
            $0.followRequests = sent.count
            return $0
        }
    }
    await emulator.stop()
    return figures
}

/// A value changed from concurrent tasks.
final class LockedBox<Value: Sendable>: @unchecked Sendable {
    private var stored: Value
    private let lock = NSLock()
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    @discardableResult func update<T>(_ change: (inout Value) -> T) -> T { lock.withLock { change(&stored) } }
}

let base = try content(count: fragmentCount, priceOffset: 0, edited: 0)
let edited = try content(count: fragmentCount, priceOffset: 0.5, edited: changeCount)
var rows: [(String, Figures)] = []
rows.append(
    (
        "delivery API (FragmentSyncSource)",
        try await measure(
            "delivery", base: base, edited: edited, fragments: fragmentCount, changes: changeCount
        ) {
            try FragmentSyncSource(aem: $0, folder: "/content/dam/wknd-shared/en/adventures")
        }
    ))
rows.append(
    (
        "GraphQL (AdventureSyncSource)",
        try await measure(
            "graphql", base: base, edited: edited, fragments: fragmentCount, changes: changeCount
        ) { AdventureSyncSource(aem: $0) }
    ))
print(
    "| source | base sync requests | base sync s | changes applied | requests for them | per change | s from edit to mirror |"
)
print("|---|---|---|---|---|---|---|")
for (name, figures) in rows {
    let perChange = Double(figures.followRequests) / Double(max(1, figures.applied))
    print(
        "| \(name) | \(figures.baseRequests) | \(String(format: "%.1f", figures.baseSeconds)) | \(figures.applied) | "
            + "\(figures.followRequests) | \(String(format: "%.2f", perChange)) | \(String(format: "%.2f", figures.seconds)) |"
    )
}
