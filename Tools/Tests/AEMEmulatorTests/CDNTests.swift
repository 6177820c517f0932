import AEMEmulator
import EmulatorTestSupport
import Foundation
import Testing

/// The CDN in front of publish (`wknd serve --cdn`), on a clock the test moves: answers kept for `s-maxage`, served
/// stale while revalidated and on an origin's failure, a publish that purges no persisted query and soft-purges the
/// delivery API, and the purge requests a customer sends.
@Suite("CDN: AEM's caching in front of publish")
struct CDNTests {
    /// A clock the test sets.
    private final class Clock: Sendable {
        private let time = LockedValue(Date(timeIntervalSince1970: 1_800_000_000))
        var now: Date { time.value }
        func advance(_ seconds: TimeInterval) { time.withLock { $0 = $0.addingTimeInterval(seconds) } }
    }

    private static let purgeKey = "test-purge-key"

    private static func withCDN(_ body: (RunningEmulator, SitesTestClient, Clock) async throws -> Void) async throws {
        let clock = Clock()
        let cdn = EmulatorCDN(purgeKey: Self.purgeKey, now: { clock.now })
        try await withEmulator(EmulatorOptions(content: try EmulatorContent.sample(), cdn: cdn)) { emulator in
            try await body(emulator, SitesTestClient(emulator: emulator), clock)
        }
    }

    /// Changes the adventure's trip length on author and publishes it.
    private static func publishTripLength(_ value: String, of adventure: ContentFragment, _ sites: SitesTestClient)
        async throws
    {
        let (fragment, tag) = try await sites.fragment(adventure.uuid)
        let patched = try await sites.patch(
            adventure.uuid, try SitesTestClient.patch("tripLength", of: fragment, to: "\"\(value)\""), tag: tag)
        #expect(patched.status == 200)
        #expect(try await sites.publish([adventure.path]).status == 200)
    }

    /// Whether `get` gives an answer that satisfies `condition` within 5 s.
    private static func eventually(_ get: () async throws -> HTTPResult, _ condition: (HTTPResult) -> Bool)
        async throws -> Bool
    {
        for _ in 0..<100 {
            if condition(try await get()) { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    @Test("a persisted query is kept two hours: a publish changes nothing there until it is stale, then once more")
    func persistedQueriesExpireByTheirLifeOnly() async throws {
        try await Self.withCDN { emulator, sites, clock in
            let adventure = try #require(try EmulatorContent.sample().adventures.first)
            let bySlug = "\(Paths.adventureBySlug);slug=\(adventure.slug)"
            let first = try await emulator.get(bySlug)
            #expect(first.header("X-Cache") == "MISS")
            #expect(first.header("Age") == "0")
            #expect(first.header("Cache-Control")?.hasPrefix("public, max-age=60, s-maxage=7200") == true)
            clock.advance(30)
            let second = try await emulator.get(bySlug)
            #expect(second.header("X-Cache") == "HIT")
            #expect(second.header("Age") == "30")
            #expect(second.text == first.text)

            try await Self.publishTripLength("23 days", of: adventure, sites)
            clock.advance(3600)
            #expect(!(try await emulator.get(bySlug).text.contains("23 days")), "publish purges no persisted query")
            // Past s-maxage, within stale-while-revalidate: once more the old answer, then the new one.
            clock.advance(3600)
            let stale = try await emulator.get(bySlug)
            #expect(stale.header("X-Cache") == "HIT")
            #expect(!stale.text.contains("23 days"))
            #expect(try await Self.eventually({ try await emulator.get(bySlug) }) { $0.text.contains("23 days") })
        }
    }

    @Test("a publish soft-purges the delivery API's answers that hold the fragment: one stale answer, then the new one")
    func deliveryIsSoftPurged() async throws {
        try await Self.withCDN { emulator, sites, _ in
            let adventures = try EmulatorContent.sample().adventures
            let (adventure, other) = (adventures[0], adventures[1])
            let own = "/adobe/contentFragments/\(adventure.uuid)"
            let untouched = "/adobe/contentFragments/\(other.uuid)"
            #expect(try await emulator.get(own).header("X-Cache") == "MISS")
            #expect(try await emulator.get(untouched).header("X-Cache") == "MISS")
            #expect(try await emulator.get(own).header("X-Cache") == "HIT")

            try await Self.publishTripLength("17 days", of: adventure, sites)
            let once = try await emulator.get(own)
            #expect(once.header("X-Cache") == "HIT")
            #expect(!once.text.contains("17 days"))
            #expect(try await Self.eventually({ try await emulator.get(own) }) { $0.text.contains("17 days") })
            let kept = try await emulator.get(untouched)
            #expect(kept.header("X-Cache") == "HIT")
            #expect(kept.header("Age") == "0")
        }
    }

    @Test("stale-if-error: past revalidation, a failing origin is answered with the stale copy")
    func staleIfError() async throws {
        try await Self.withCDN { emulator, _, clock in
            let adventure = try #require(try EmulatorContent.sample().adventures.first)
            let own = "/adobe/contentFragments/\(adventure.uuid)"
            let first = try await emulator.get(own)
            clock.advance(3600 + 3600 + 60)
            emulator.faults.script(own, .respond(status: 503))
            let stale = try await emulator.get(own)
            #expect(stale.status == 200)
            #expect(stale.header("X-Cache") == "HIT")
            #expect(stale.text == first.text)
            let fetched = try await emulator.get(own)
            #expect(fetched.header("X-Cache") == "MISS")
        }
    }

    @Test("PURGE: refused without the key or with another, by URL, by surrogate key, all; soft keeps a stale copy")
    func purgeRequests() async throws {
        try await Self.withCDN { emulator, _, _ in
            let adventure = try #require(try EmulatorContent.sample().adventures.first)
            let own = "/adobe/contentFragments/\(adventure.uuid)"
            func purge(_ target: String, _ headers: [(String, String)]) async throws -> HTTPResult {
                try await HTTPTestClient.get(emulator.url(target), headers: headers, method: .init(rawValue: "PURGE"))
            }
            _ = try await emulator.get(own)
            _ = try await emulator.get(Paths.adventuresAll)
            #expect(try await purge(own, []).status == 401)
            #expect(try await purge(own, [("X-AEM-Purge-Key", "wrong")]).status == 403)
            #expect(try await emulator.get(own).header("X-Cache") == "HIT")

            let byURL = try await purge(own, [("X-AEM-Purge-Key", Self.purgeKey)])
            #expect(byURL.status == 200)
            #expect(try byURL.json()["status"].string == "ok")
            #expect(try await emulator.get(own).header("X-Cache") == "MISS")

            let byKey = try await purge(
                "/", [("X-AEM-Purge-Key", Self.purgeKey), ("Surrogate-Key", "graphql-wknd-shared")])
            #expect(try byKey.json()["graphql-wknd-shared"].exists)
            #expect(try await emulator.get(Paths.adventuresAll).header("X-Cache") == "MISS")
            #expect(try await emulator.get(own).header("X-Cache") == "HIT")

            let soft = try await purge(
                "/", [("X-AEM-Purge-Key", Self.purgeKey), ("X-AEM-Purge", "all, soft")])
            #expect(soft.status == 200)
            #expect(try await emulator.get(own).header("X-Cache") == "HIT", "soft: served stale while fetched again")
        }
    }

    @Test("author answers with its own cache headers, and with no CDN in front")
    func authorHeaders() async throws {
        try await Self.withCDN { _, sites, _ in
            let answer = try await sites.get(Paths.adventuresAll)
            #expect(
                answer.header("Cache-Control")
                    == "public, max-age=60, s-maxage=60, stale-while-revalidate=86400, stale-if-error=86400")
            #expect(answer.header("X-Cache") == nil)
        }
    }
}
