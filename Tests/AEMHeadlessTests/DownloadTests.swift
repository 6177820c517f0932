import AEMHeadless
import AEMHeadlessAsyncHTTPClient
import Foundation
import Testing

/// A fresh temporary folder, removed after `body`.
func withTemporaryDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("download-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory)
}

/// The names in `directory`, hidden ones included, sorted.
func fileNames(in directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
}

/// Bytes that differ at every position, so a misplaced range shows.
func sampleBytes(_ count: Int) -> Data {
    Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 251) })
}

/// Runs `body` with a downloader whose AEM origin is `server`, over AsyncHTTPClient.
func withDownloader<T>(origin server: DownloadTestServer, authentication: Authentication = .none,
                       _ body: (FileDownloader) async throws -> T) async throws -> T
{
    let configuration = try AemConfiguration(scheme: .http, host: server.host, authentication: authentication,
                                             timeout: .seconds(10), retry: RetryPolicy(baseDelay: .milliseconds(5)))
    return try await AsyncHTTPClientTransport.withTransport(idleReadTimeout: .seconds(10)) { transport in
        try await body(FileDownloader(aem: Aem(configuration, transport: transport)))
    }
}

let slug = SafeFileName(slug: "bali-surf-camp")

@Suite("Downloading a file to disk")
struct DownloadTests {
    @Test func writesTheBytesUnderTheSlugWithTheExtensionOfTheContentType() async throws {
        try await withDownloadServer { server in
            let bytes = sampleBytes(300_000)
            server["/content/dam/a/photo.jpeg"] = .init(bytes: bytes, contentType: "image/webp")
            try await withTemporaryDirectory { directory in
                let name = try #require(slug)
                let outcome = try await withDownloader(origin: server) {
                    try await $0.download(try server.url("/content/dam/a/photo.jpeg"), to: directory, name: name)
                }
                #expect(outcome.file.lastPathComponent == "bali-surf-camp.webp")
                #expect(try Data(contentsOf: outcome.file) == bytes)
                #expect(!outcome.isUnchanged)
                #expect(outcome.record == DownloadRecord(url: "/content/dam/a/photo.jpeg",
                                                         file: "bali-surf-camp.webp", etag: "\"v1\"",
                                                         lastModified: "Wed, 01 May 2024 08:00:00 GMT", length: 300_000))
                #expect(try fileNames(in: directory) == ["bali-surf-camp.webp"])
                #expect(server.requests.first?.header("Range") == nil)
            }
        }
    }

    @Test func asksConditionallyAndKeepsTheFileOn304() async throws {
        try await withDownloadServer { server in
            server["/i.jpg"] = .init(bytes: sampleBytes(5000))
            try await withTemporaryDirectory { directory in
                let name = try #require(slug)
                try await withDownloader(origin: server) { downloader in
                    let first = try await downloader.download(try server.url("/i.jpg"), to: directory, name: name)
                    let second = try await downloader.download(try server.url("/i.jpg"), to: directory, name: name,
                                                               previous: first.record)
                    #expect(second.isUnchanged)
                    #expect(second.file == first.file)
                    #expect(second.bytesTransferred == 0)
                }
                let conditional = try #require(server.requests.last)
                #expect(conditional.header("If-None-Match") == "\"v1\"")
                #expect(conditional.header("If-Modified-Since") == "Wed, 01 May 2024 08:00:00 GMT")
            }
        }
    }

    @Test func downloadsAgainWhenTheKeptFileIsGoneOrChanged() async throws {
        try await withDownloadServer { server in
            server["/i.jpg"] = .init(bytes: sampleBytes(5000))
            try await withTemporaryDirectory { directory in
                let name = try #require(slug)
                try await withDownloader(origin: server) { downloader in
                    let first = try await downloader.download(try server.url("/i.jpg"), to: directory, name: name)
                    try Data("short".utf8).write(to: first.file)
                    let second = try await downloader.download(try server.url("/i.jpg"), to: directory, name: name,
                                                               previous: first.record)
                    #expect(!second.isUnchanged)
                    #expect(try Data(contentsOf: second.file) == sampleBytes(5000))
                }
                #expect(server.requests.last?.header("If-None-Match") == nil)
            }
        }
    }

    @Test func resumesADroppedConnectionWithRangeAndIfRange() async throws {
        try await withDownloadServer { server in
            let bytes = sampleBytes(400_000)
            server["/i.jpg"] = .init(bytes: bytes, drops: 1, dropAfter: 100_000)
            try await withTemporaryDirectory { directory in
                let name = try #require(slug)
                let outcome = try await withDownloader(origin: server) {
                    try await $0.download(try server.url("/i.jpg"), to: directory, name: name)
                }
                #expect(try Data(contentsOf: outcome.file) == bytes)
                #expect(try fileNames(in: directory) == ["bali-surf-camp.jpg"])
                let requests = server.requests(to: "/i.jpg")
                #expect(requests.count == 2)
                let resumed = try #require(requests.last)
                let range = try #require(resumed.header("Range"))
                #expect(range.hasPrefix("bytes=") && range != "bytes=0-")
                #expect(resumed.header("If-Range") == "\"v1\"")
                #expect(outcome.bytesTransferred < 2 * 400_000)
            }
        }
    }

    @Test func startsOverWhenTheServerDoesNotServeRanges() async throws {
        try await withDownloadServer { server in
            let bytes = sampleBytes(400_000)
            server["/i.jpg"] = .init(bytes: bytes, servesRanges: false, drops: 1, dropAfter: 100_000)
            try await withTemporaryDirectory { directory in
                let name = try #require(slug)
                let outcome = try await withDownloader(origin: server) {
                    try await $0.download(try server.url("/i.jpg"), to: directory, name: name)
                }
                #expect(try Data(contentsOf: outcome.file) == bytes)
                #expect(try fileNames(in: directory) == ["bali-surf-camp.jpg"])
                #expect(server.requests(to: "/i.jpg").map { $0.header("Range") } == [nil, nil])
            }
        }
    }

    @Test func startsOverWhenTheServerAnswersARangeWith200() async throws {
        try await withDownloadServer { server in
            let bytes = sampleBytes(400_000)
            // Says it serves ranges, and the file changed in between: If-Range no longer matches.
            server["/i.jpg"] = .init(bytes: bytes, drops: 1, dropAfter: 100_000)
            try await withTemporaryDirectory { directory in
                let name = try #require(slug)
                let outcome = try await withDownloader(origin: server) { downloader in
                    try await downloader.download(try server.url("/i.jpg"), to: directory, name: name) { progress in
                        if progress.bytesReceived > 0, server["/i.jpg"]?.etag == "\"v1\"" {
                            server["/i.jpg"]?.etag = "\"v2\""
                            server["/i.jpg"]?.lastModified = nil
                            server["/i.jpg"]?.bytes = sampleBytes(350_000)
                        }
                    }
                }
                #expect(try Data(contentsOf: outcome.file) == sampleBytes(350_000))
                #expect(outcome.record.etag == "\"v2\"")
                #expect(try fileNames(in: directory) == ["bali-surf-camp.jpg"])
            }
        }
    }

    @Test func aConnectionThatKeepsDroppingFailsAndLeavesNothing() async throws {
        try await withDownloadServer { server in
            server["/i.jpg"] = .init(bytes: sampleBytes(200_000), drops: 100, dropAfter: 50_000)
            try await withTemporaryDirectory { directory in
                let name = try #require(slug)
                let error = await #expect(throws: AemError.self) {
                    try await withDownloader(origin: server) {
                        try await $0.download(try server.url("/i.jpg"), to: directory, name: name)
                    }
                }
                #expect(error?.kind == .network)
                #expect(try fileNames(in: directory) == [])
            }
        }
    }

    @Test func aShortBodyFailsAndKeepsTheEarlierFile() async throws {
        try await withDownloadServer { server in
            server["/i.jpg"] = .init(bytes: sampleBytes(100_000), etag: nil, lastModified: nil, servesRanges: false,
                                     missingBytes: 10)
            try await withTemporaryDirectory { directory in
                let earlier = directory.appendingPathComponent("bali-surf-camp.jpg")
                try Data("earlier".utf8).write(to: earlier)
                let name = try #require(slug)
                let error = await #expect(throws: AemError.self) {
                    try await withDownloader(origin: server) {
                        try await $0.download(try server.url("/i.jpg"), to: directory, name: name)
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
        try await withDownloadServer { server in
            try await withTemporaryDirectory { directory in
                let name = try #require(slug)
                let error = await #expect(throws: AemError.self) {
                    try await withDownloader(origin: server) {
                        try await $0.download(try server.url("/missing.jpg"), to: directory, name: name)
                    }
                }
                #expect(error?.kind == .notFound)
                #expect(error?.status == 404)
                #expect(try fileNames(in: directory) == [])
            }
        }
        try await withDownloadServer(requiredAuthorization: "Bearer secret") { server in
            server["/i.jpg"] = .init(bytes: sampleBytes(10))
            try await withTemporaryDirectory { directory in
                let name = try #require(slug)
                let error = await #expect(throws: AemError.self) {
                    try await withDownloader(origin: server) {
                        try await $0.download(try server.url("/i.jpg"), to: directory, name: name)
                    }
                }
                #expect(error?.kind == .unauthorized)
                #expect(error?.status == 401)
            }
        }
    }

    @Test func sendsCredentialsOnlyToTheAemOrigin() async throws {
        try await withDownloadServer(requiredAuthorization: "Bearer secret") { origin in
            try await withDownloadServer { cdn in
                origin["/content/dam/a.jpg"] = .init(bytes: sampleBytes(1000))
                origin["/moved.jpg"] = .init(bytes: Data(), redirect: try cdn.url("/b.jpg").absoluteString)
                cdn["/c.jpg"] = .init(bytes: sampleBytes(2000), contentType: "image/png")
                cdn["/b.jpg"] = .init(bytes: sampleBytes(3000))
                try await withTemporaryDirectory { directory in
                    try await withDownloader(origin: origin, authentication: .token("secret")) { downloader in
                        let a = try #require(SafeFileName(slug: "adventure-a"))
                        let c = try #require(SafeFileName(slug: "adventure-c"))
                        let moved = try #require(SafeFileName(slug: "adventure-moved"))
                        _ = try await downloader.download(try origin.url("/content/dam/a.jpg"), to: directory, name: a)
                        _ = try await downloader.download(try cdn.url("/c.jpg"), to: directory, name: c)
                        let outcome = try await downloader.download(try origin.url("/moved.jpg"), to: directory, name: moved)
                        #expect(try Data(contentsOf: outcome.file) == sampleBytes(3000))
                    }
                    #expect(try fileNames(in: directory) == ["adventure-a.jpg", "adventure-c.png", "adventure-moved.jpg"])
                }
                #expect(origin.requests.map { $0.header("Authorization") } == ["Bearer secret", "Bearer secret"])
                #expect(cdn.requests.count == 2)
                #expect(cdn.requests.allSatisfy { $0.header("Authorization") == nil })
            }
        }
    }

    /// Starts a slow 2 MB download into `directory`, and runs `body` once its first bytes arrived.
    private func withSlowDownloadRunning(
        in directory: URL,
        _ body: (FileDownloader, Task<DownloadOutcome, any Error>) async throws -> Void
    ) async throws {
        try await withDownloadServer { server in
            server["/slow.jpg"] = .init(bytes: sampleBytes(2_000_000), chunkDelay: .milliseconds(20))
            let name = try #require(slug)
            let url = try server.url("/slow.jpg")
            let started = AsyncStream<Void>.makeStream()
            try await withDownloader(origin: server) { downloader in
                let task = Task {
                    try await downloader.download(url, to: directory, name: name) { _ in
                        started.continuation.yield()
                    }
                }
                for await _ in started.stream { break }
                try await body(downloader, task)
            }
        }
    }

    @Test func cancellingLeavesNoTemporaryFile() async throws {
        try await withTemporaryDirectory { directory in
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
        try await withTemporaryDirectory { directory in
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
        try await withDownloadServer { server in
            server["/i.jpg"] = .init(bytes: sampleBytes(70_000))
            try await withTemporaryDirectory { directory in
                let first = try #require(SafeFileName(slug: "first-adventure"))
                let second = try #require(SafeFileName(slug: "second-adventure"))
                try await withDownloader(origin: server) { downloader in
                    let outcome = try await downloader.download(try server.url("/i.jpg"), to: directory, name: first)
                    let copy = try await downloader.copy(outcome, as: second)
                    #expect(copy.file.lastPathComponent == "second-adventure.jpg")
                    #expect(copy.record.file == "second-adventure.jpg")
                    #expect(try Data(contentsOf: copy.file) == sampleBytes(70_000))
                }
                #expect(try fileNames(in: directory) == ["first-adventure.jpg", "second-adventure.jpg"])
                #expect(server.requests.count == 1)
            }
        }
    }
}
