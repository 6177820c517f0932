import AEMEmulator
import AEMHeadless
import AEMHeadlessAsyncHTTPClient
import AEMHeadlessDownload
import EmulatorTestSupport
import Foundation
import Testing

/// Runs `body` with a batch downloader whose AEM origin is `emulator`.
func withBatch<T>(
    origin emulator: RunningEmulator, concurrency: Int = 3, force: Bool = false, manifestOrigin: String? = nil,
    _ body: (BatchDownloader) async throws -> T
) async throws -> T {
    let configuration = try AemConfiguration(
        scheme: .http, host: emulator.hostAndPort, timeout: .seconds(60),
        retry: RetryPolicy(baseDelay: .milliseconds(5)))
    return try await AsyncHTTPClientTransport.withTransport(idleReadTimeout: .seconds(10)) { transport in
        try await body(
            BatchDownloader(
                aem: Aem(configuration, transport: transport), concurrency: concurrency,
                force: force, manifestOrigin: manifestOrigin))
    }
}

func item(_ slug: String, _ url: URL) throws -> DownloadItem {
    DownloadItem(url: url, name: try #require(SafeFileName(slug: slug)))
}

/// What each item came to, by slug.
func kinds(_ results: [DownloadItemResult]) -> [String: String] {
    Dictionary(
        uniqueKeysWithValues: results.map { result in
            (result.item.name.rawValue, (try? result.result.get()).map { "\($0.kind)" } ?? "failed")
        })
}

@Suite("Downloading a batch of files")
struct BatchDownloaderTests {
    @Test("each URL once, copies for further names, a failure beside the others, the manifest saved")
    func coalescesCopiesAndKeepsGoing() async throws {
        let assets = ["/shared.jpg": sampleBytes(50_000), "/own.png": sampleBytes(20_000)]
        try await withAssets(assets, types: ["/own.png": "image/png"]) { emulator in
            try await withTemporaryFolder { directory in
                let items = [
                    try item("first-one", emulator.url(forPath: "/shared.jpg")),
                    try item("second-one", emulator.url(forPath: "/shared.jpg")),
                    try item("third-one", emulator.url(forPath: "/own.png")),
                    try item("missing-one", emulator.url(forPath: "/gone.jpg")),
                    try item("first-one", emulator.url(forPath: "/own.png")),
                ]
                let events = LockedEvents()
                let results = try await withBatch(origin: emulator) { batch in
                    try await batch.download(items, to: directory) { events.append($0) }
                }
                #expect(
                    kinds(results) == [
                        "first-one": "downloaded", "second-one": "copied", "third-one": "downloaded",
                        "missing-one": "failed",
                    ])
                let failure = try #require(results.first { $0.item.name.rawValue == "missing-one" })
                #expect(failure.aemError?.kind == .notFound)
                #expect(emulator.requests(to: "/shared.jpg").count == 1)
                #expect(
                    try fileNames(in: directory) == [
                        DownloadManifest.defaultFileName, "first-one.jpg", "second-one.jpg", "third-one.png",
                    ])
                #expect(try Data(contentsOf: directory.appendingPathComponent("second-one.jpg")) == sampleBytes(50_000))
                #expect(events.finished.count == 4)
                #expect(events.progressBytes(for: emulator.url(forPath: "/shared.jpg")) == 50_000)
            }
        }
    }

    @Test("a rerun asks conditionally and finds everything unchanged, copies included; --force fetches again")
    func rerunIsUnchanged() async throws {
        try await withAssets(["/shared.jpg": sampleBytes(30_000)]) { emulator in
            try await withTemporaryFolder { directory in
                let items = [
                    try item("first-one", emulator.url(forPath: "/shared.jpg")),
                    try item("second-one", emulator.url(forPath: "/shared.jpg")),
                ]
                _ = try await withBatch(origin: emulator) { try await $0.download(items, to: directory) }
                let again = try await withBatch(origin: emulator) { try await $0.download(items, to: directory) }
                #expect(kinds(again) == ["first-one": "unchanged", "second-one": "unchanged"])
                #expect(emulator.requests(to: "/shared.jpg").map(\.status) == [200, 304])
                #expect(emulator.requests(to: "/shared.jpg").last?.header("If-None-Match") != nil)
                let forced = try await withBatch(origin: emulator, force: true) {
                    try await $0.download(items, to: directory)
                }
                #expect(kinds(forced) == ["first-one": "downloaded", "second-one": "copied"])
                #expect(emulator.requests(to: "/shared.jpg").last?.header("If-None-Match") == nil)
            }
        }
    }

    @Test("a killed run's temporary files are deleted by the next batch; a recent one, maybe another run's, is kept")
    func removesAbandonedTemporaryFiles() async throws {
        try await withAssets(["/own.jpg": sampleBytes(10_000)]) { emulator in
            try await withTemporaryFolder { directory in
                let manager = FileManager.default
                let abandoned = directory.appendingPathComponent(".own-one.abc123.part")
                let recent = directory.appendingPathComponent(".other-one.def456.part")
                let unrelated = directory.appendingPathComponent(".notes.part.txt")
                for file in [abandoned, recent, unrelated] { try Data("partial".utf8).write(to: file) }
                // Well past the hour after which a part file counts as abandoned.
                let old = Date().addingTimeInterval(-2 * 24 * 3600)
                try manager.setAttributes([.modificationDate: old], ofItemAtPath: abandoned.path)
                try manager.setAttributes([.modificationDate: old], ofItemAtPath: unrelated.path)
                let results = try await withBatch(origin: emulator) { batch in
                    try await batch.download([try item("own-one", emulator.url(forPath: "/own.jpg"))], to: directory)
                }
                #expect(kinds(results) == ["own-one": "downloaded"])
                #expect(!manager.fileExists(atPath: abandoned.path))
                #expect(manager.fileExists(atPath: recent.path))
                #expect(manager.fileExists(atPath: unrelated.path))
            }
        }
    }

    @Test("with a stable manifest name, the same content on a new port is recognised; another service's is not")
    func manifestIsIndependentOfThePort() async throws {
        try await withTemporaryFolder { directory in
            try await withAssets(["/content/dam/a.jpg": sampleBytes(10_000)]) { first in
                let items = [try item("adventure-a", first.url(forPath: "/content/dam/a.jpg"))]
                _ = try await withBatch(origin: first, manifestOrigin: "local-sample") {
                    try await $0.download(items, to: directory)
                }
            }
            try await withAssets(["/content/dam/a.jpg": sampleBytes(10_000)]) { second in
                let items = [try item("adventure-a", second.url(forPath: "/content/dam/a.jpg"))]
                let same = try await withBatch(origin: second, manifestOrigin: "local-sample") {
                    try await $0.download(items, to: directory)
                }
                #expect(kinds(same) == ["adventure-a": "unchanged"])
                let other = try await withBatch(origin: second) { try await $0.download(items, to: directory) }
                #expect(kinds(other) == ["adventure-a": "downloaded"])
                #expect(second.requests.last?.header("If-None-Match") == nil)
            }
        }
    }

    @Test("the same batch as a sequence of events")
    func eventsAsASequence() async throws {
        try await withAssets(["/a.jpg": sampleBytes(5000)]) { emulator in
            try await withTemporaryFolder { directory in
                let items = [try item("adventure-a", emulator.url(forPath: "/a.jpg"))]
                let finished = try await withBatch(origin: emulator) { batch in
                    var names: [String] = []
                    for try await event in batch.events(items, to: directory) {
                        if case .finished(let done) = event { names.append(done.item.name.rawValue) }
                    }
                    return names
                }
                #expect(finished == ["adventure-a"])
                #expect(try fileNames(in: directory) == [DownloadManifest.defaultFileName, "adventure-a.jpg"])
            }
        }
    }
}

/// Events collected from the downloading tasks.
final class LockedEvents: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [DownloadEvent] = []

    func append(_ event: DownloadEvent) { lock.withLock { events.append(event) } }

    var finished: [DownloadItemResult] {
        lock.withLock { events.compactMap { if case .finished(let result) = $0 { result } else { nil } } }
    }

    /// The last progress reported for `url`.
    func progressBytes(for url: URL) -> Int64? {
        lock.withLock {
            events.compactMap { if case .progress(url, let progress) = $0 { progress.bytesReceived } else { nil } }.last
        }
    }
}

extension DownloadItemResult {
    /// The item's failure, when it is an `AemError`.
    var aemError: AemError? {
        if case .failure(let error) = result { error as? AemError } else { nil }
    }
}
