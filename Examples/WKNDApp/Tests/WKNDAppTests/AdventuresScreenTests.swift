import AEMEmulatorTesting
import AEMHeadless
import AEMHeadlessAuthoring
import AEMHeadlessSync
import AEMHeadlessURLSession
import Foundation
import Testing

@testable import WKNDApp

/// The app's screens against the emulator, run in the test's process (`AEMEmulatorTesting`): no server to start first.
@Suite("The app's screens against the built-in sample")
struct AdventuresScreenTests {
    @Test("the adventures screen loads through the app's cache, observer and token, then refreshes")
    func adventuresScreen() async throws {
        try await withEmulator { emulator in
            let screen = try AdventuresScreen(host: "127.0.0.1:\(emulator.port)", scheme: .http, token: "app-token")
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

    @Test("the list follows a publish: the event marks its answer stale, and it reads itself again")
    func followsAPublish() async throws {
        try await withEmulator { emulator in
            let screen = try AdventuresScreen(host: "127.0.0.1:\(emulator.port)", scheme: .http)
            await screen.list.load()
            let first = try #require(screen.list.result?.data?.adventureList.items.first)
            let following = Task {
                await screen.follow(events: emulator.baseURL.appendingPathComponent(EventJournal.path))
            }
            defer { following.cancel() }

            // An editor changes the title on author and publishes it.
            let author = Aem(
                try AemConfiguration(
                    scheme: .http, host: "127.0.0.1:\(emulator.authorURL.port ?? 0)",
                    authentication: .basic(username: "admin", password: "admin")),
                transport: URLSessionTransport())
            let fragment = try #require(try await author.send(.fragment(path: first.path)))
            var edit = FragmentEdit(fragment)
            try edit.setValue("A Aaa Published Today", forField: "title")
            _ = try await author.send(.publish(paths: [try await author.send(.patch(edit)).path]))

            var shown = false
            for _ in 0..<100 where !shown {
                try await Task.sleep(for: .milliseconds(50))
                shown = screen.rows.first?.hasPrefix("A Aaa Published Today") == true
            }
            #expect(shown, "\(screen.rows)")
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
        try await withEmulator { emulator in
            let aem = Aem(
                try AemConfiguration(scheme: .http, host: "127.0.0.1:\(emulator.port)"),
                transport: URLSessionTransport())
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
