import Testing

/// AEM publish's cache headers, the `ETag`, and 304 for `If-None-Match`.
struct CacheHeaderTests {
    @Test func persistedQueriesCarryPublishCacheHeadersAndAnETag() async throws {
        try await withEmulator { emulator in
            let response = try await emulator.get(Paths.adventuresAll)
            #expect(
                response.header("Cache-Control")
                    == "public, max-age=60, s-maxage=7200, stale-while-revalidate=86400, stale-if-error=86400")
            #expect(response.header("Surrogate-Control") == nil)
            let etag = try #require(response.header("ETag"))
            #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""))
            #expect(response.header("Content-Length") == String(response.body.count))
            let again = try await emulator.get(Paths.adventuresAll)
            #expect(again.header("ETag") == etag)
            let other = try await emulator.get(Paths.adventuresAll + ";limit=1;")
            #expect(other.header("ETag") != etag)
        }
    }

    @Test func ifNoneMatchIsAnswered304() async throws {
        try await withEmulator { emulator in
            let first = try await emulator.get(Paths.adventuresAll)
            let etag = try #require(first.header("ETag"))
            for condition in [etag, "W/\(etag)", "\"other\", \(etag)", "*"] {
                let revalidated = try await emulator.get(Paths.adventuresAll, headers: [("If-None-Match", condition)])
                #expect(revalidated.status == 304)
                #expect(revalidated.body.isEmpty)
                #expect(revalidated.header("ETag") == etag)
                #expect(revalidated.header("Cache-Control") == first.header("Cache-Control"))
            }
            let changed = try await emulator.get(Paths.adventuresAll, headers: [("If-None-Match", "\"stale\"")])
            #expect(changed.status == 200)
            #expect(changed.body == first.body)
        }
    }

    @Test func headAnswersTheHeadersOnly() async throws {
        try await withEmulator { emulator in
            let full = try await emulator.get(Paths.adventuresAll)
            let head = try await HTTPTestClient.get(emulator.url(Paths.adventuresAll), method: .HEAD)
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(head.header("ETag") == full.header("ETag"))
            #expect(head.header("Content-Length") == String(full.body.count))
        }
    }
}
