import EmulatorTestSupport
import Foundation
import Testing

@testable import AEMEmulator

/// The CDN's request collapsing: misses of one object while the origin is asked for it wait for that answer.
@Suite("CDN: concurrent misses of one object")
struct CDNCollapsingTests {
    /// Counts the origin's answers, each taking a while.
    private final class SlowOrigin: Sendable {
        private let calls = LockedValue(0)
        let cacheControl: String?

        init(cacheControl: String?) { self.cacheControl = cacheControl }

        var count: Int { calls.value }

        func answer() async -> Reply {
            let number = calls.withLock {
                $0 += 1
                return $0
            }
            try? await Task.sleep(for: .milliseconds(200))
            return .document(
                status: 200, .object([("answer", .number(Double(number)))]),
                cacheControl: cacheControl.map(CacheHeaders.init(cacheControl:)))
        }
    }

    private static func ask(_ cdn: EmulatorCDN, _ origin: SlowOrigin, times: Int) async -> [String] {
        let journal = EventJournal()
        return await withTaskGroup(of: String.self) { group in
            for _ in 0..<times {
                group.addTask {
                    let (_, headers) = await cdn.answer(
                        target: "/graphql/execute.json/wknd-shared/q", path: "/graphql/execute.json/wknd-shared/q",
                        journal: journal, origin: origin.answer)
                    return headers.first { $0.0 == "X-Cache" }?.1 ?? ""
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
    }

    @Test("twenty clients missing the same answer together cost the origin one request; the others are HITs")
    func collapses() async {
        let origin = SlowOrigin(cacheControl: "public, max-age=60, s-maxage=7200")
        let caches = await Self.ask(EmulatorCDN(), origin, times: 20)
        #expect(origin.count == 1)
        #expect(caches.filter { $0 == "MISS" }.count == 1)
        #expect(caches.filter { $0 == "HIT" }.count == 19)
    }

    @Test("an answer the CDN may not keep is not shared: each request asks the origin itself")
    func privateAnswersAreNotShared() async {
        let origin = SlowOrigin(cacheControl: "private, max-age=60")
        let caches = await Self.ask(EmulatorCDN(), origin, times: 5)
        #expect(origin.count == 5)
        #expect(caches.allSatisfy { $0 == "MISS" })
    }
}
