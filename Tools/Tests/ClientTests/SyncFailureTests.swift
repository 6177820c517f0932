import AEMEmulator
import AEMHeadless
import AEMHeadlessAsyncHTTPClient
import AEMHeadlessSync
import EmulatorTestSupport
import Foundation
import Testing
import WKNDSample

/// Runs `body` with an emulator serving `content` and a client that tries each request twice.
private func withRetryingService<T>(
    _ content: EmulatorContent, _ body: (RunningEmulator, Aem) async throws -> T
) async throws -> T {
    try await withRunning(EmulatorOptions(content: content)) { emulator in
        try await AsyncHTTPClientTransport.withTransport { transport in
            let configuration = try AemConfiguration(
                scheme: .http, host: emulator.hostAndPort, timeout: .seconds(60),
                retry: RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(1)))
            return try await body(emulator, Aem(configuration, transport: transport))
        }
    }
}

private let listPage = "/graphql/execute.json/wknd-shared/adventures-paginated"
private let byPath = "/graphql/execute.json/wknd-shared/adventure-by-path"

@Suite("Sync failures are sync failures", .serialized)
struct SyncFailureTests {
    @Test("a page whose body is cut once is asked again, and the run completes")
    func cutPageIsRetried() async throws {
        let content = try EmulatorContent.sample()
        try await withSyncFolder { folder, _ in
            try await withRetryingService(content) { emulator, aem in
                emulator.faults.script(listPage, .dropConnection(afterBodyBytes: 50))
                let report = try await SyncEngine(aem: aem, directory: folder).sync(AdventureSyncSource(aem: aem))
                #expect(report.added == content.adventures.count)
                #expect(emulator.requests(to: listPage).count == 2)
            }
        }
    }

    @Test(
        "a page cut every time fails with an AemError naming the page; the store keeps its pages and the next run resumes"
    )
    func pageThatKeepsFailing() async throws {
        let content = try EmulatorContent.sampleWithCopies(10)
        try await withSyncFolder { folder, _ in
            try await withRetryingService(content) { emulator, aem in
                // The first page is answered; the second is cut on both tries.
                emulator.faults.script(
                    listPage, .delay(.zero), .dropConnection(afterBodyBytes: 50), .dropConnection(afterBodyBytes: 50))
                let error = await #expect(throws: AemError.self) {
                    try await SyncEngine(aem: aem, directory: folder).sync(AdventureSyncSource(aem: aem, pageSize: 10))
                }
                #expect(error?.kind == .network)
                #expect(error?.message.hasPrefix("Reading the list page at ") == true, "\(String(describing: error))")
                #expect(try ContentStore(directory: folder).adventures().count == 10)

                let resumed = try await SyncEngine(aem: aem, directory: folder)
                    .sync(AdventureSyncSource(aem: aem, pageSize: 10))
                #expect(resumed.resumed)
                #expect(try ContentStore(directory: folder).adventures().count == content.adventures.count)
            }
        }
    }

    @Test(
        "a first page that resets, answers an HTML login page or stalls past the time-out: an AemError of its kind",
        arguments: ["reset", "HTML", "stall"])
    func firstPageFaults(fault: String) async throws {
        let gate = EmulatorGate()
        let (action, kind): (FaultAction, AemError.Kind) =
            switch fault {
            case "reset": (.dropConnection(afterBodyBytes: 0), .network)
            case "HTML": (.htmlLoginPage, .htmlResponse)
            default: (.hold(gate), .timedOut)
            }
        try await withSyncFolder { folder, _ in
            try await withRunning(EmulatorOptions(content: try EmulatorContent.sample())) { emulator in
                emulator.faults.script(listPage, [action, action])
                defer { gate.open() }
                try await AsyncHTTPClientTransport.withTransport { transport in
                    let configuration = try AemConfiguration(
                        // Only the stall waits on the time-out; the other faults end without it.
                        scheme: .http, host: emulator.hostAndPort,
                        timeout: fault == "stall" ? .milliseconds(300) : .seconds(60),
                        retry: RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(1)))
                    let aem = Aem(configuration, transport: transport)
                    let error = await #expect(throws: AemError.self) {
                        try await SyncEngine(aem: aem, directory: folder).sync(AdventureSyncSource(aem: aem))
                    }
                    #expect(error?.kind == kind, "\(String(describing: error))")
                    #expect(error?.message.hasPrefix("Reading the first list page: ") == true)
                }
            }
        }
    }

    @Test("an adventure whose answer keeps failing fails the run with its path")
    func adventureThatKeepsFailing() async throws {
        let content = try EmulatorContent.sample()
        try await withSyncFolder { folder, _ in
            try await withRetryingService(content) { emulator, aem in
                emulator.faults.script(byPath, Array(repeating: .serviceUnavailable(retryAfter: 0), count: 2))
                let error = await #expect(throws: AemError.self) {
                    try await SyncEngine(aem: aem, directory: folder, concurrency: 1).sync(
                        AdventureSyncSource(aem: aem))
                }
                #expect(error?.kind == .httpStatus)
                #expect(error?.status == 503)
                #expect(error?.message.hasPrefix("Reading /content/dam/") == true, "\(String(describing: error))")
            }
        }
    }

    @Test(
        "without adventures-paginated, the adventures are mirrored through adventures-all by offset, and kept current")
    func listQueryWhenThereIsNoPaginatedOne() async throws {
        var content = try EmulatorContent.sampleWithCopies(5)
        content[query: listPage.replacingOccurrences(of: "/graphql/execute.json", with: "")] = nil
        #expect(!content.queryPaths.contains("/wknd-shared/adventures-paginated"))
        try await withSyncFolder { folder, _ in
            try await withRetryingService(content) { emulator, aem in
                let source = try await AdventureSyncSource.finding(aem: aem, pageSize: 7)
                #expect(source.listing == .list)
                let report = try await SyncEngine(aem: aem, directory: folder).sync(source)
                #expect(report.added == content.adventures.count)
                #expect(emulator.requests(to: listPage).isEmpty)
                #expect(emulator.requests(to: "/graphql/execute.json/wknd-shared/adventures-all").count >= 3)
            }
            // Copies, which no other adventure links to: a change reads only the one again.
            var next = content
            let copies = content.adventures.filter { $0.slug.contains("-copy") }
            let changed = try #require(copies.first)
            next[slug: changed.slug]?.master["price"] = .double(12345)
            let removed = try #require(copies.last)
            next[slug: removed.slug] = nil
            try await withRetryingService(next) { _, aem in
                let source = try await AdventureSyncSource.finding(aem: aem, pageSize: 7)
                let report = try await SyncEngine(aem: aem, directory: folder).sync(source)
                #expect(report.changed == 1)
                #expect(report.removed == 1)
                #expect(report.added == 0)
            }
            #expect(try ContentStore(directory: folder).adventure(slug: changed.slug)?.adventure.price == 12345)
        }
    }

    @Test("with the paginated query stored, it is the one used")
    func paginatedWhenStored() async throws {
        try await withRetryingService(try EmulatorContent.sample()) { _, aem in
            let source = try await AdventureSyncSource.finding(aem: aem)
            #expect(source.listing == .paginated)
        }
    }

    @Test("with neither list query, a clear error names both")
    func neitherListQuery() async throws {
        var content = try EmulatorContent.sample()
        content[query: "/wknd-shared/adventures-paginated"] = nil
        content[query: "/wknd-shared/adventures-all"] = nil
        try await withRetryingService(content) { _, aem in
            let error = await #expect(throws: AemError.self) { try await AdventureSyncSource.finding(aem: aem) }
            #expect(error?.kind == .queryNotFound)
            #expect(error?.message.contains("wknd-shared/adventures-paginated") == true)
            #expect(error?.message.contains("wknd-shared/adventures-all") == true)
        }
    }
}
