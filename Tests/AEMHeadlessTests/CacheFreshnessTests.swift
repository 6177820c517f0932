import Foundation
import Testing

@testable import AEMHeadless

@Suite("CacheFreshness: what response headers allow a private cache")
struct CacheFreshnessTests {
    let received = Date(timeIntervalSince1970: 1_700_000_000)

    func freshness(_ fields: [(String, String)]) -> CacheFreshness {
        var headers = AemHTTPHeaders()
        for (name, value) in fields { headers.add(name: name, value: value) }
        return CacheFreshness(headers: headers, receivedAt: received)
    }

    @Test("AEM's publish headers: fresh for max-age, then stale-while-revalidate and stale-if-error; s-maxage ignored")
    func aemDefaults() {
        let value = freshness([
            ("Cache-Control", "max-age=60, s-maxage=7200, stale-while-revalidate=86400, stale-if-error=86400")
        ])
        #expect(value.lifetime == 60)
        #expect(value.isFresh(at: received.addingTimeInterval(59)))
        #expect(!value.isFresh(at: received.addingTimeInterval(61)))
        #expect(value.allowsStaleWhileRevalidate(at: received.addingTimeInterval(3600)))
        #expect(!value.allowsStaleWhileRevalidate(at: received.addingTimeInterval(60 + 86400 + 1)))
        #expect(value.allowsStaleIfError(at: received.addingTimeInterval(86400)))
        #expect(value.isStorable)
        // An app's own limit caps what the headers allow (CacheStaleness).
        #expect(value.allowsStaleWhileRevalidate(at: received.addingTimeInterval(60 + 299), limit: 300))
        #expect(!value.allowsStaleWhileRevalidate(at: received.addingTimeInterval(60 + 301), limit: 300))
        #expect(!value.allowsStaleIfError(at: received.addingTimeInterval(60 + 11), limit: 10))
    }

    @Test("Expires minus Date when there is no max-age; max-age wins over Expires")
    func expires() {
        let date = "Tue, 14 Nov 2023 22:13:20 GMT" // 1_700_000_000
        let expires = "Tue, 14 Nov 2023 22:18:20 GMT" // 300 s later
        #expect(freshness([("Date", date), ("Expires", expires)]).lifetime == 300)
        #expect(freshness([("Date", date), ("Expires", expires), ("Cache-Control", "max-age=10")]).lifetime == 10)
        #expect(freshness([("Expires", "0")]).lifetime == 0)
        #expect(!freshness([("Expires", "0")]).isFresh(at: received))
    }

    @Test("no-store, no-cache and must-revalidate")
    func restrictions() {
        #expect(!freshness([("Cache-Control", "no-store")]).isStorable)
        let noCache = freshness([("Cache-Control", "no-cache, max-age=600, stale-if-error=600")])
        #expect(!noCache.isFresh(at: received))
        #expect(!noCache.allowsStaleIfError(at: received.addingTimeInterval(1)))
        let mustRevalidate = freshness([("Cache-Control", "max-age=1, must-revalidate, stale-while-revalidate=100")])
        #expect(!mustRevalidate.allowsStaleWhileRevalidate(at: received.addingTimeInterval(2)))
    }

    @Test("no freshness information: stale at once")
    func heuristicsOff() {
        let value = freshness([("ETag", "\"a\"")])
        #expect(value.lifetime == 0)
        #expect(!value.isFresh(at: received))
    }

    @Test("Age and Date add to the age; the age grows with time")
    func age() {
        #expect(
            freshness([("Cache-Control", "max-age=100"), ("Age", "30")]).age(at: received.addingTimeInterval(10)) == 40)
        let dated = freshness([("Cache-Control", "max-age=100"), ("Date", "Tue, 14 Nov 2023 22:12:20 GMT")])
        #expect(dated.initialAge == 60)
        #expect(!dated.isFresh(at: received.addingTimeInterval(41)))
    }

    @Test("odd values: quotes, case, repeated fields, commas in quotes, garbage and huge numbers")
    func oddValues() {
        #expect(freshness([("Cache-Control", "MAX-AGE=\"120\"")]).lifetime == 120)
        #expect(freshness([("cache-control", "private"), ("Cache-Control", "max-age=5")]).lifetime == 5)
        #expect(freshness([("Cache-Control", "no-cache=\"Set-Cookie, X\", max-age=7")]).lifetime == 7)
        #expect(freshness([("Cache-Control", "max-age=-1")]).lifetime == 0)
        #expect(freshness([("Cache-Control", "max-age=abc")]).lifetime == 0)
        #expect(freshness([("Cache-Control", "max-age=99999999999999999999")]).lifetime == 2_147_483_648)
        #expect(freshness([("Cache-Control", ",,, =, max-age=3")]).lifetime == 3)
        #expect(freshness([("Age", "nonsense"), ("Date", "not a date")]).initialAge == 0)
    }

    @Test("a 304 replaces the stored validators and freshness, and keeps the body")
    func refreshedBy304() {
        let stored = CachedResponse(
            status: 200,
            headers: [
                "Content-Type": "application/json", "ETag": "\"1\"", "Age": "50",
                "Cache-Control": "max-age=60", "Set-Cookie": "x",
            ],
            body: Data("{}".utf8), storedAt: received)
        #expect(stored.headers["Set-Cookie"] == nil)
        #expect(stored.conditionalHeaders["If-None-Match"] == "\"1\"")
        let later = received.addingTimeInterval(500)
        let refreshed = stored.refreshed(by: ["ETag": "\"2\"", "Cache-Control": "max-age=30"], at: later)
        #expect(refreshed.headers["ETag"] == "\"2\"")
        #expect(refreshed.headers["Age"] == nil)
        #expect(refreshed.headers["Content-Type"] == "application/json")
        #expect(refreshed.freshness.isFresh(at: later.addingTimeInterval(29)))
        #expect(refreshed.body == stored.body)
    }

    @Test("the cache identity of credentials never holds the secret")
    func identity() {
        let digest: (String) -> String = { "d\($0.count)" }
        #expect(Authentication.none.cacheIdentity(digest: digest) == "anonymous")
        #expect(
            Authentication.basic(username: "alice", password: "s3cret").cacheIdentity(digest: digest) == "basic:alice")
        let token = Authentication.token("abcdefgh").cacheIdentity(digest: digest)
        #expect(token == "token:d8")
        #expect(!token.contains("abcdefgh"))
    }
}
