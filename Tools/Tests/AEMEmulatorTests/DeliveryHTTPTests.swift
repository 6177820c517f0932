import AEMEmulator
import AsyncHTTPClient
import NIOHTTP1
import Testing

/// The delivery API over HTTP: cache headers, entity tags and 304 on every 200, `HEAD`, 405 for other methods, 406
/// when `Accept` excludes JSON, and scripted faults.
struct DeliveryHTTPTests {
    static let targets = [
        "/adobe/contentFragments?path=/content/dam/mag/en&limit=2",
        "/adobe/contentFragments/f-alpha?references=all-hydrated",
        "/adobe/contentFragments/byPath?path=/content/dam/mag/en/articles/beta",
    ]

    @Test(arguments: DeliveryHTTPTests.targets)
    func everyAnswerCarriesTheCacheHeadersAndAnETagThatAnswers304(target: String) async throws {
        try await DeliveryFixtures.withDeliveryEmulator { emulator in
            let first = try await emulator.get(target)
            #expect(first.status == 200)
            #expect(first.header("Content-Type") == "application/json")
            #expect(
                first.header("Cache-Control")
                    == "max-age=300, s-maxage=3600, stale-while-revalidate=3600, stale-if-error=86400")
            let etag = try #require(first.header("ETag"))
            #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && !etag.hasPrefix("W/"))
            let again = try await emulator.get(target)
            #expect(again.header("ETag") == etag)
            for condition in [etag, "\"other\", \(etag)", "*"] {
                let revalidated = try await emulator.get(target, headers: [("If-None-Match", condition)])
                #expect(revalidated.status == 304)
                #expect(revalidated.body.isEmpty)
                #expect(revalidated.header("ETag") == etag)
                #expect(revalidated.header("Cache-Control") == first.header("Cache-Control"))
            }
            let stale = try await emulator.get(target, headers: [("If-None-Match", "\"stale\"")])
            #expect(stale.status == 200)
            #expect(stale.body == first.body)
        }
    }

    @Test func differentAnswersHaveDifferentETags() async throws {
        try await DeliveryFixtures.withDeliveryEmulator { emulator in
            let none = try await emulator.get("/adobe/contentFragments/f-alpha")
            let all = try await emulator.get("/adobe/contentFragments/f-alpha?references=all")
            #expect(none.header("ETag") != all.header("ETag"))
        }
    }

    @Test(arguments: DeliveryHTTPTests.targets)
    func headAnswersTheHeadersOnly(target: String) async throws {
        try await DeliveryFixtures.withDeliveryEmulator { emulator in
            let full = try await emulator.get(target)
            let head = try await HTTPTestClient.get(emulator.url(target), method: .HEAD)
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(head.header("ETag") == full.header("ETag"))
            #expect(head.header("Content-Length") == String(full.body.count))
        }
    }

    @Test(arguments: [HTTPMethod.POST, .PUT, .DELETE])
    func otherMethodsAreNotAllowed(method: HTTPMethod) async throws {
        try await DeliveryFixtures.withDeliveryEmulator { emulator in
            for target in Self.targets {
                let response = try await HTTPTestClient.send(emulator.url(target), method: method, body: "{}")
                #expect(response.status == 405)
                #expect(response.header("Allow") == "GET, HEAD")
            }
        }
    }

    @Test(arguments: ["text/html", "application/xml, text/*", "application/json;q=0", "image/*"])
    func anAcceptHeaderWithoutJSONIsNotAcceptable(accept: String) async throws {
        try await DeliveryFixtures.withDeliveryEmulator { emulator in
            for target in Self.targets {
                let response = try await emulator.get(target, headers: [("Accept", accept)])
                try expectProblem(response, status: 406, title: "Not Acceptable")
            }
        }
    }

    @Test(arguments: [
        "*/*", "application/*", "application/json", "application/problem+json", "text/html, application/json;q=0.5",
        "APPLICATION/JSON; charset=utf-8",
    ])
    func anAcceptHeaderAllowingJSONIsAnswered(accept: String) async throws {
        try await DeliveryFixtures.withDeliveryEmulator { emulator in
            for target in Self.targets {
                let response = try await emulator.get(target, headers: [("Accept", accept)])
                #expect(response.status == 200)
            }
        }
    }

    @Test func scriptedFaultsApplyToTheDeliveryRoutes() async throws {
        try await DeliveryFixtures.withDeliveryEmulator { emulator in
            emulator.faults.script("/adobe/contentFragments", .serviceUnavailable(retryAfter: 2))
            emulator.faults.script("/adobe/contentFragments/f-alpha", .tooManyRequests(retryAfter: 1))
            let list = try await emulator.get("/adobe/contentFragments?limit=1")
            #expect(list.status == 503)
            #expect(list.header("Retry-After") == "2")
            let fragment = try await emulator.get("/adobe/contentFragments/f-alpha?references=all")
            #expect(fragment.status == 429)
            #expect(try await emulator.get("/adobe/contentFragments?limit=1").status == 200)
            #expect(try await emulator.get("/adobe/contentFragments/f-alpha").status == 200)
            #expect(emulator.requests(to: "/adobe/contentFragments").map(\.status) == [503, 200])
        }
    }
}
