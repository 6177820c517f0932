import AEMHeadless
import AEMHeadlessSync
import AEMHeadlessURLSession
import Foundation
import Testing

@testable import WKNDApp

@Suite("The app's screens against the built-in sample")
struct AdventuresScreenTests {
    @Test("the adventures screen loads through the app's cache, observer and token, then refreshes")
    func adventuresScreen() async throws {
        try await BuiltInSample.serving { host in
            let screen = try AdventuresScreen(host: host, scheme: .http, token: "app-token")
            #expect(screen.rows.isEmpty)
            await screen.list.load()
            #expect(screen.rows.count == 5)
            #expect(screen.banner == nil)
            #expect(await screen.cache.count == 1)

            await screen.list.load()
            #expect(screen.list.result?.source == .cache)
            #expect(screen.banner == "Saved earlier")
            await screen.list.refresh()
            #expect(screen.list.result?.source == .network)
            #expect(screen.log.lines.count == 2)
            #expect(
                screen.log.lines.allSatisfy { $0.hasPrefix("GET /graphql/execute.json/wknd-shared/adventures-all") })
        }
    }

    @Test("the adventures screen says why it could not load")
    func unreachable() async throws {
        let screen = try AdventuresScreen(host: "127.0.0.1:9", scheme: .http)
        await screen.list.load()
        #expect(screen.rows.isEmpty)
        #expect(screen.banner?.hasPrefix("Could not load") == true)
        #expect((screen.list.error as? AemError)?.kind == .network)
    }

    @Test("the offline screen shows a mirror of the sample, cheapest first")
    func mirrorScreen() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wknd-app-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await BuiltInSample.serving { host in
            let aem = Aem(try AemConfiguration(scheme: .http, host: host), transport: URLSessionTransport())
            let source = await QuerySyncSource.finding(aem: aem, path: "wknd-shared/adventures-all")
            _ = try await SyncEngine(aem: aem, directory: folder).sync(source)
        }
        let screen = try MirrorScreen(folder: folder)
        let following = Task { await screen.cheapest.follow() }
        for _ in 0..<500 where screen.cheapest.value == nil { try await Task.sleep(for: .milliseconds(10)) }
        following.cancel()
        #expect(screen.titles.count == 3)
        let prices = (screen.cheapest.value ?? []).compactMap(\.price)
        #expect(prices == prices.sorted())
    }
}
