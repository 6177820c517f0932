import AEMEmulator
import AEMHeadless
import AEMHeadlessAsyncHTTPClient
import AEMHeadlessDownload
import EmulatorTestSupport
import Foundation
import Testing

/// The names in `directory`, hidden ones included, sorted.
func fileNames(in directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
}

/// Bytes that differ at every position, so a misplaced range shows.
func sampleBytes(_ count: Int) -> Data {
    Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 251) })
}

/// Runs `body` with an emulator that serves `assets` (path to bytes, as `image/jpeg` unless `types` names
/// another type) beside the sample content, and requires `authentication` when given.
func withAssets<T>(
    _ assets: [String: Data], types: [String: String] = [:],
    authentication: EmulatorAuthentication? = nil,
    _ body: (RunningEmulator) async throws -> T
) async throws -> T {
    var content = try EmulatorContent.sample()
    for (path, bytes) in assets { content.addAsset(path, bytes: bytes, mimeType: types[path] ?? "image/jpeg") }
    return try await withRunning(EmulatorOptions(authentication: authentication, content: content), body)
}

/// Runs `body` with a downloader whose AEM origin is `emulator`, over AsyncHTTPClient.
func withDownloader<T>(
    origin emulator: RunningEmulator, authentication: Authentication = .none,
    _ body: (FileDownloader) async throws -> T
) async throws -> T {
    let configuration = try AemConfiguration(
        scheme: .http, host: emulator.hostAndPort, authentication: authentication,
        timeout: .seconds(60), retry: RetryPolicy(baseDelay: .milliseconds(5)))
    return try await AsyncHTTPClientTransport.withTransport(idleReadTimeout: .seconds(10)) { transport in
        try await body(FileDownloader(aem: Aem(configuration, transport: transport)))
    }
}

let slug = SafeFileName(slug: "bali-surf-camp")

/// The asset most tests download.
let imagePath = "/content/dam/test/i.jpg"

extension EmulatorRequestRecord {
    /// The request header `name`, in any case.
    func header(_ name: String) -> String? { headers[name.lowercased()] }
}

@Suite("Downloading a file to disk")
struct DownloadTests {
    @Test func writesTheBytesUnderTheSlugWithTheExtensionOfTheContentType() async throws {
        let bytes = sampleBytes(300_000)
        let path = "/content/dam/a/photo.jpeg"
        try await withAssets([path: bytes], types: [path: "image/webp"]) { emulator in
            try await withTemporaryFolder { directory in
                let name = try #require(slug)
                let outcome = try await withDownloader(origin: emulator) {
                    try await $0.download(emulator.url(forPath: path), to: directory, name: name)
                }
                #expect(outcome.file.lastPathComponent == "bali-surf-camp.webp")
                #expect(try Data(contentsOf: outcome.file) == bytes)
                #expect(!outcome.isUnchanged)
                let etag = try #require(outcome.record.etag)
                #expect(
                    outcome.record
                        == DownloadRecord(
                            url: path, file: "bali-surf-camp.webp", etag: etag,
                            lastModified: "Wed, 01 May 2024 08:00:00 GMT", length: 300_000))
                #expect(try fileNames(in: directory) == ["bali-surf-camp.webp"])
                #expect(emulator.requests(to: path).first?.header("Range") == nil)
            }
        }
    }

    @Test func asksConditionallyAndKeepsTheFileOn304() async throws {
        try await withAssets([imagePath: sampleBytes(5000)]) { emulator in
            try await withTemporaryFolder { directory in
                let name = try #require(slug)
                let first = try await withDownloader(origin: emulator) { downloader in
                    let first = try await downloader.download(
                        emulator.url(forPath: imagePath), to: directory, name: name)
                    let second = try await downloader.download(
                        emulator.url(forPath: imagePath), to: directory, name: name,
                        previous: first.record)
                    #expect(second.isUnchanged)
                    #expect(second.file == first.file)
                    #expect(second.bytesTransferred == 0)
                    return first
                }
                let conditional = try #require(emulator.requests(to: imagePath).last)
                #expect(conditional.status == 304)
                #expect(conditional.header("If-None-Match") == first.record.etag)
                #expect(conditional.header("If-Modified-Since") == "Wed, 01 May 2024 08:00:00 GMT")
            }
        }
    }

    @Test func downloadsAgainWhenTheKeptFileIsGoneOrChanged() async throws {
        try await withAssets([imagePath: sampleBytes(5000)]) { emulator in
            try await withTemporaryFolder { directory in
                let name = try #require(slug)
                try await withDownloader(origin: emulator) { downloader in
                    let first = try await downloader.download(
                        emulator.url(forPath: imagePath), to: directory, name: name)
                    try Data("short".utf8).write(to: first.file)
                    let second = try await downloader.download(
                        emulator.url(forPath: imagePath), to: directory, name: name,
                        previous: first.record)
                    #expect(!second.isUnchanged)
                    #expect(try Data(contentsOf: second.file) == sampleBytes(5000))
                }
                #expect(emulator.requests(to: imagePath).count == 2)
                #expect(emulator.requests(to: imagePath).last?.header("If-None-Match") == nil)
            }
        }
    }

    @Test func resumesADroppedConnectionWithRangeAndIfRange() async throws {
        let bytes = sampleBytes(400_000)
        try await withAssets([imagePath: bytes]) { emulator in
            emulator.faults.script(imagePath, .dropConnection(afterBodyBytes: 100_000))
            try await withTemporaryFolder { directory in
                let name = try #require(slug)
                let outcome = try await withDownloader(origin: emulator) {
                    try await $0.download(emulator.url(forPath: imagePath), to: directory, name: name)
                }
                #expect(try Data(contentsOf: outcome.file) == bytes)
                #expect(try fileNames(in: directory) == ["bali-surf-camp.jpg"])
                let requests = emulator.requests(to: imagePath)
                #expect(requests.count == 2)
                let resumed = try #require(requests.last)
                let range = try #require(resumed.header("Range"))
                #expect(range.hasPrefix("bytes=") && range != "bytes=0-")
                #expect(resumed.status == 206)
                #expect(resumed.header("If-Range") == outcome.record.etag)
                #expect(outcome.bytesTransferred < 2 * 400_000)
            }
        }
    }

    @Test func startsOverWhenTheServerDoesNotServeRanges() async throws {
        let bytes = sampleBytes(400_000)
        try await withAssets([imagePath: bytes]) { emulator in
            emulator.faults.script(
                imagePath, .combining(.ignoreRange, .dropConnection(afterBodyBytes: 100_000)), .ignoreRange)
            try await withTemporaryFolder { directory in
                let name = try #require(slug)
                let outcome = try await withDownloader(origin: emulator) {
                    try await $0.download(emulator.url(forPath: imagePath), to: directory, name: name)
                }
                #expect(try Data(contentsOf: outcome.file) == bytes)
                #expect(try fileNames(in: directory) == ["bali-surf-camp.jpg"])
                #expect(emulator.requests(to: imagePath).map { $0.header("Range") } == [nil, nil])
            }
        }
    }

    @Test func startsOverWhenTheServerAnswersARangeWith200() async throws {
        try await withAssets([imagePath: sampleBytes(400_000)]) { emulator in
            // Serves ranges, and the file changed in between: If-Range no longer matches, so the whole new file comes.
            emulator.faults.script(
                imagePath, .dropConnection(afterBodyBytes: 100_000),
                .respond(
                    status: 200,
                    headers: [("Content-Type", "image/jpeg"), ("ETag", "\"v2\""), ("Accept-Ranges", "bytes")],
                    body: Array(sampleBytes(350_000))))
            try await withTemporaryFolder { directory in
                let name = try #require(slug)
                let outcome = try await withDownloader(origin: emulator) { downloader in
                    try await downloader.download(emulator.url(forPath: imagePath), to: directory, name: name)
                }
                #expect(emulator.requests(to: imagePath).last?.header("Range") != nil)
                #expect(try Data(contentsOf: outcome.file) == sampleBytes(350_000))
                #expect(outcome.record.etag == "\"v2\"")
                #expect(try fileNames(in: directory) == ["bali-surf-camp.jpg"])
            }
        }
    }

    @Test func aConnectionThatKeepsDroppingFailsAndLeavesNothing() async throws {
        try await withAssets([imagePath: sampleBytes(200_000)]) { emulator in
            emulator.faults.script(imagePath, Array(repeating: .dropConnection(afterBodyBytes: 10_000), count: 100))
            try await withTemporaryFolder { directory in
                let name = try #require(slug)
                let error = await #expect(throws: AemError.self) {
                    try await withDownloader(origin: emulator) {
                        try await $0.download(emulator.url(forPath: imagePath), to: directory, name: name)
                    }
                }
                #expect(error?.kind == .network)
                #expect(try fileNames(in: directory) == [])
            }
        }
    }

    @Test func aShortBodyFailsAndKeepsTheEarlierFile() async throws {
        try await withAssets([imagePath: sampleBytes(100_000)]) { emulator in
            let shortBody = FaultAction.combining(.withoutValidators, .ignoreRange, .overstatedContentLength(by: 10))
            emulator.faults.script(imagePath, Array(repeating: shortBody, count: 100))
            try await withTemporaryFolder { directory in
                let earlier = directory.appendingPathComponent("bali-surf-camp.jpg")
                try Data("earlier".utf8).write(to: earlier)
                let name = try #require(slug)
                let error = await #expect(throws: AemError.self) {
                    try await withDownloader(origin: emulator) {
                        try await $0.download(emulator.url(forPath: imagePath), to: directory, name: name)
                    }
                }
                #expect(error?.kind == .network)
                #expect(error?.message.contains("/i.jpg") == true)
                #expect(try fileNames(in: directory) == ["bali-surf-camp.jpg"])
                #expect(try Data(contentsOf: earlier) == Data("earlier".utf8))
            }
        }
    }

    @Test func mapsStatusesToErrorKinds() async throws {
        try await withAssets([:]) { emulator in
            try await withTemporaryFolder { directory in
                let name = try #require(slug)
                let error = await #expect(throws: AemError.self) {
                    try await withDownloader(origin: emulator) {
                        try await $0.download(
                            emulator.url(forPath: "/content/dam/missing.jpg"), to: directory, name: name)
                    }
                }
                #expect(error?.kind == .notFound)
                #expect(error?.status == 404)
                #expect(try fileNames(in: directory) == [])
            }
        }
        try await withAssets([imagePath: sampleBytes(10)], authentication: .bearer(token: "secret")) { emulator in
            try await withTemporaryFolder { directory in
                let name = try #require(slug)
                let error = await #expect(throws: AemError.self) {
                    try await withDownloader(origin: emulator) {
                        try await $0.download(emulator.url(forPath: imagePath), to: directory, name: name)
                    }
                }
                #expect(error?.kind == .unauthorized)
                #expect(error?.status == 401)
            }
        }
    }

    @Test func sendsCredentialsOnlyToTheAemOrigin() async throws {
        try await withAssets(["/content/dam/a.jpg": sampleBytes(1000)], authentication: .bearer(token: "secret")) {
            origin in
            let cdnAssets = ["/c.jpg": sampleBytes(2000), "/b.jpg": sampleBytes(3000)]
            try await withAssets(cdnAssets, types: ["/c.jpg": "image/png"]) { cdn in
                origin.faults.script("/moved.jpg", .redirect(to: cdn.url(forPath: "/b.jpg").absoluteString))
                try await withTemporaryFolder { directory in
                    try await withDownloader(origin: origin, authentication: .token("secret")) { downloader in
                        let a = try #require(SafeFileName(slug: "adventure-a"))
                        let c = try #require(SafeFileName(slug: "adventure-c"))
                        let moved = try #require(SafeFileName(slug: "adventure-moved"))
                        _ = try await downloader.download(
                            origin.url(forPath: "/content/dam/a.jpg"), to: directory, name: a)
                        _ = try await downloader.download(cdn.url(forPath: "/c.jpg"), to: directory, name: c)
                        let outcome = try await downloader.download(
                            origin.url(forPath: "/moved.jpg"), to: directory, name: moved)
                        #expect(try Data(contentsOf: outcome.file) == sampleBytes(3000))
                    }
                    #expect(
                        try fileNames(in: directory) == ["adventure-a.jpg", "adventure-c.png", "adventure-moved.jpg"])
                }
                #expect(origin.requests.map { $0.header("Authorization") } == ["Bearer secret", "Bearer secret"])
                #expect(cdn.requests.count == 2)
                #expect(cdn.requests.allSatisfy { $0.header("Authorization") == nil })
            }
        }
    }

    /// Starts a 2 MB download into `directory` whose body stops after 64 KiB until `body` has
    /// returned, and runs `body` once its first bytes arrived.
    private func withSlowDownloadRunning(
        in directory: URL,
        _ body: (FileDownloader, Task<DownloadOutcome, any Error>) async throws -> Void
    ) async throws {
        try await withAssets([imagePath: sampleBytes(2_000_000)]) { emulator in
            let gate = EmulatorGate()
            defer { gate.open() }
            emulator.faults.script(imagePath, .holdBody(afterBytes: 64 * 1024, gate))
            let name = try #require(slug)
            let url = emulator.url(forPath: imagePath)
            let started = AsyncStream<Void>.makeStream()
            try await withDownloader(origin: emulator) { downloader in
                let task = Task {
                    // However the download ends, the wait below ends too.
                    defer { started.continuation.finish() }
                    return try await downloader.download(url, to: directory, name: name) { _ in
                        started.continuation.yield()
                    }
                }
                var iterator = started.stream.makeAsyncIterator()
                guard await iterator.next() != nil else {
                    let ended = await task.result
                    Issue.record("the download ended before its first bytes: \(ended)")
                    return
                }
                try await body(downloader, task)
            }
        }
    }

    @Test func cancellingLeavesNoTemporaryFile() async throws {
        try await withTemporaryFolder { directory in
            try await withSlowDownloadRunning(in: directory) { _, task in
                let whileRunning = try fileNames(in: directory)
                #expect(whileRunning.contains { FileDownloader.isTemporaryFile($0) })
                task.cancel()
                await #expect(throws: CancellationError.self) { try await task.value }
            }
            #expect(try fileNames(in: directory) == [])
        }
    }

    @Test func removeTemporaryFilesDeletesThoseOfRunningDownloads() async throws {
        try await withTemporaryFolder { directory in
            try await withSlowDownloadRunning(in: directory) { downloader, task in
                downloader.removeTemporaryFiles()
                let afterRemoval = try fileNames(in: directory)
                #expect(afterRemoval == [])
                task.cancel()
                _ = try? await task.value
            }
            #expect(try fileNames(in: directory) == [])
        }
    }

    @Test func copiesADownloadUnderASecondName() async throws {
        try await withAssets([imagePath: sampleBytes(70_000)]) { emulator in
            try await withTemporaryFolder { directory in
                let first = try #require(SafeFileName(slug: "first-adventure"))
                let second = try #require(SafeFileName(slug: "second-adventure"))
                try await withDownloader(origin: emulator) { downloader in
                    let outcome = try await downloader.download(
                        emulator.url(forPath: imagePath), to: directory, name: first)
                    let copy = try await downloader.copy(outcome, as: second)
                    #expect(copy.file.lastPathComponent == "second-adventure.jpg")
                    #expect(copy.record.file == "second-adventure.jpg")
                    #expect(try Data(contentsOf: copy.file) == sampleBytes(70_000))
                }
                #expect(try fileNames(in: directory) == ["first-adventure.jpg", "second-adventure.jpg"])
                #expect(emulator.requests.count == 1)
            }
        }
    }

    @Test func aDeferredFlushRenamesWholeFilesIntoPlaceAndFlushesThemTogether() async throws {
        let paths = (0..<5).map { "/content/dam/deferred/\($0).jpg" }
        let assets = Dictionary(uniqueKeysWithValues: paths.enumerated().map { ($1, sampleBytes(20_000 + $0)) })
        try await withAssets(assets) { emulator in
            try await withTemporaryFolder { directory in
                try await withDownloader(origin: emulator) { downloader in
                    var deferring = downloader
                    deferring.defersFlush = true
                    for (index, path) in paths.enumerated() {
                        let name = try #require(SafeFileName(slug: "image-\(index)"))
                        let outcome = try await deferring.download(
                            emulator.url(forPath: path), to: directory, name: name)
                        #expect(try Data(contentsOf: outcome.file) == assets[path])
                    }
                }
                try FileDownloader.flushDeferredFiles(in: directory)
                #expect(try fileNames(in: directory) == (0..<5).map { "image-\($0).jpg" })
                let missing = directory.appendingPathComponent("missing", isDirectory: true)
                #expect(throws: DownloadFileError.self) { try FileDownloader.flushDeferredFiles(in: missing) }
            }
        }
    }
}
