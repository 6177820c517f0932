import AEMEmulator
import AEMHeadless
import AEMHeadlessAsyncHTTPClient
import AEMHeadlessDownload
import AEMHeadlessSQLiteCache
import EmulatorTestSupport
import Foundation
import Testing
import WKNDSample

/// Every reader of the client goes through one answer pipeline: a fault once is retried where a
/// retry is safe, and a fault that keeps coming ends as an `AemError` of the right kind, never as
/// the transport's own error.
@Suite("One answer pipeline under every reader")
struct AnswerPipelineTests {
    /// A reader of the client and the request path it sends, where the emulator's faults are scripted.
    struct Reader: CustomStringConvertible, Sendable {
        var description: String
        var path: String
        var read: @Sendable (Aem, RunningEmulator, URL) async throws -> Void
    }

    static let listPath = "/graphql/execute.json/wknd-shared/adventures-all"
    static let pagedPath = "/graphql/execute.json/wknd-shared/adventures-paginated"

    static let readers: [Reader] = [
        Reader(description: "execute", path: listPath) { aem, _, _ in
            _ = try await aem.execute(WKNDQueries.adventures())
        },
        Reader(description: "the response cache", path: listPath) { aem, _, folder in
            let cache = try SQLiteResponseCache(fileURL: folder.appendingPathComponent("cache.sqlite"))
            _ = try await aem.with(cache: cache).execute(WKNDQueries.adventures(), policy: .fetchIgnoringCacheData)
        },
        Reader(description: "query management", path: "/graphql/list.json") { aem, _, _ in
            _ = try await aem.persistedQueries()
        },
        Reader(description: "paging", path: pagedPath) { aem, _, _ in
            var pages = aem.pages(
                of: PersistedQuery<UntypedJSON>("wknd-shared/adventures-paginated"), style: .cursor, pageSize: 5
            )
            .makeAsyncIterator()
            _ = try await pages.next()
        },
        Reader(description: "a download's first request", path: imagePath) { aem, emulator, folder in
            let name = try #require(SafeFileName(slug: "image"))
            _ = try await FileDownloader(aem: aem).download(emulator.url(forPath: imagePath), to: folder, name: name)
        },
    ]

    static let imagePath = "/content/dam/wknd-shared/en/adventures/pipeline/pipeline.jpg"

    /// Runs `read` against an emulator whose `path` answers with `faults` first, through a client
    /// that tries at most `attempts` times and waits `timeout` for an answer; `gate`, which a
    /// fault may hold requests at, is opened once the reader is done.
    private func run(
        _ reader: Reader, faults: [FaultAction], attempts: Int, timeout: Duration = .seconds(60),
        gate: EmulatorGate? = nil
    ) async throws -> (error: (any Error)?, requests: Int) {
        var content = try EmulatorContent.sample()
        content.addAsset(Self.imagePath, bytes: Data(repeating: 0xAB, count: 50_000))
        return try await withRunning(EmulatorOptions(content: content)) { emulator in
            emulator.faults.script(reader.path, faults)
            let configuration = try AemConfiguration(
                scheme: .http, host: emulator.hostAndPort, timeout: timeout,
                retry: RetryPolicy(maxAttempts: attempts, baseDelay: .milliseconds(1), maxRetryAfter: .zero))
            return try await withTemporaryFolder("pipeline") { folder in
                let error: (any Error)? = try await AsyncHTTPClientTransport.withTransport { transport in
                    defer { gate?.open() }
                    do {
                        try await reader.read(Aem(configuration, transport: transport), emulator, folder)
                        return nil
                    } catch {
                        return error
                    }
                }
                return (error, emulator.requests(to: reader.path).count)
            }
        }
    }

    @Test("a body cut once, a connection reset once or a 503 once is retried", arguments: readers)
    func faultOnceIsRetried(reader: Reader) async throws {
        let faults: [(String, FaultAction)] = [
            ("cut body", .dropConnection(afterBodyBytes: 20)),
            ("reset", .dropConnection(afterBodyBytes: 0)),
            ("503", .serviceUnavailable(retryAfter: 0)),
        ]
        for (name, fault) in faults {
            let (error, requests) = try await run(reader, faults: [fault], attempts: 2)
            #expect(error == nil, "\(reader) after a \(name): \(String(describing: error))")
            #expect(requests >= 2, "\(reader) after a \(name)")
        }
    }

    @Test("a fault that keeps coming ends as an AemError of its kind", arguments: readers)
    func faultThatStaysIsAnAemError(reader: Reader) async throws {
        let faults: [(String, FaultAction, AemError.Kind)] = [
            ("cut body", .dropConnection(afterBodyBytes: 20), .network),
            ("reset", .dropConnection(afterBodyBytes: 0), .network),
            ("503", .serviceUnavailable(retryAfter: 0), .httpStatus),
            (
                "503 with an HTML page", .respond(status: 503, headers: ["Content-Type": "text/html"], body: "<html/>"),
                .httpStatus
            ),
        ]
        for (name, fault, kind) in faults {
            let (error, _) = try await run(reader, faults: Array(repeating: fault, count: 4), attempts: 2)
            if reader.path == Self.imagePath, name == "cut body" {
                // A download resumes a cut body with a range request and reports its own failure.
                #expect(error is AemError, "\(reader), \(name): \(String(describing: error))")
                continue
            }
            let aemError = try #require(error as? AemError, "\(reader), \(name): \(String(describing: error))")
            #expect(aemError.kind == kind, "\(reader), \(name): \(aemError.kind) \(aemError.message)")
        }
    }

    @Test("an HTML login page in place of JSON is an htmlResponse", arguments: readers.filter { $0.path != imagePath })
    func htmlLoginPage(reader: Reader) async throws {
        let (error, requests) = try await run(reader, faults: [.htmlLoginPage], attempts: 3)
        #expect((error as? AemError)?.kind == .htmlResponse, "\(reader): \(String(describing: error))")
        #expect(requests == 1, "an HTML page is not retried")
    }

    @Test("a stall past the timeout is a timedOut AemError, not retried", arguments: readers)
    func stallPastTheTimeout(reader: Reader) async throws {
        // The answer is held until the reader is done: only the time-out can end the wait.
        let gate = EmulatorGate()
        let (error, _) = try await run(
            reader, faults: [.hold(gate)], attempts: 3, timeout: .milliseconds(300), gate: gate)
        #expect((error as? AemError)?.kind == .timedOut, "\(reader): \(String(describing: error))")
        #expect(gate.arrivals == 1, "a time-out is not retried")
    }
}
