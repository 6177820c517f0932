import AEMEmulator
import AsyncHTTPClient
import Testing

/// Faults injected per instance: latency, scripted answers per path, broken bodies, ignored ranges, missing
/// validators, slow bodies, requests and bodies held at a gate, redirects, and several at once.
struct FaultInjectionTests {
    @Test func latencyDelaysEveryAnswer() async throws {
        try await withEmulator { emulator in
            emulator.faults.latency = .milliseconds(300)
            let clock = ContinuousClock()
            let start = clock.now
            let response = try await emulator.get(Paths.adventuresAll + ";limit=1;")
            #expect(response.status == 200)
            #expect(clock.now - start >= .milliseconds(300))
            #expect((emulator.requests.last?.duration ?? .zero) >= .milliseconds(300))
            emulator.faults.latency = .zero
            #expect(emulator.faults.latency == .zero)
        }
    }

    @Test func scriptedStatusesAreUsedOncePerRequestThenNormal() async throws {
        try await withEmulator { emulator in
            emulator.faults.script(
                Paths.adventuresAll, .serviceUnavailable(retryAfter: 1), .tooManyRequests(retryAfter: 0))
            #expect(emulator.faults.pendingActions(for: Paths.adventuresAll) == 2)
            let first = try await emulator.get(Paths.adventuresAll + ";limit=1;")
            #expect(first.status == 503)
            #expect(first.header("Retry-After") == "1")
            let second = try await emulator.get(Paths.adventuresAll + "%3Blimit%3D1;")
            #expect(second.status == 429)
            #expect(second.header("Retry-After") == "0")
            #expect(emulator.faults.pendingActions(for: Paths.adventuresAll) == 0)
            let status1 = try await emulator.get(Paths.adventuresAll + ";limit=1;").status
            #expect(status1 == 200)
            #expect(emulator.requests.map(\.status) == [503, 429, 200])
        }
    }

    @Test func scriptsMatchOnlyTheirPath() async throws {
        try await withEmulator { emulator in
            emulator.faults.script(Paths.adventureBySlug, .unauthorized)
            let status2 = try await emulator.get(Paths.adventuresAll).status
            #expect(status2 == 200)
            let unauthorized = try await emulator.get(Paths.adventureBySlug + ";slug=algarve-first-waves;")
            #expect(unauthorized.status == 401)
            #expect(unauthorized.body.isEmpty)
        }
    }

    @Test func scriptsMatchDecodedImagePaths() async throws {
        try await withEmulator { emulator in
            emulator.faults.script(
                Paths.lofotenImage, .respond(status: 502, headers: ["X-Cache": "MISS"], body: "bad gateway"))
            let response = try await emulator.get(Paths.lofotenImageEncoded)
            #expect(response.status == 502)
            #expect(response.header("X-Cache") == "MISS")
            #expect(response.text == "bad gateway")
        }
    }

    @Test func persistedQueryValidationErrorHasAEMShape() async throws {
        try await withEmulator { emulator in
            emulator.faults.script(Paths.adventuresAll, .persistedQueryValidationError(details: "broken"))
            let response = try await emulator.get(Paths.adventuresAll)
            #expect(response.status == 500)
            #expect(
                response.text
                    == #"{"errors":[{"errorType":"QueryValidationError","message":"Persisted Query Validation Error","details":"broken"}]}"#
            )
        }
    }

    @Test func partialDataKeepsDataBesideErrors() async throws {
        try await withEmulator { emulator in
            emulator.faults.script(Paths.adventuresAll, .partialData(message: "one item failed"))
            let response = try await emulator.get(Paths.adventuresAll + ";limit=2;")
            #expect(response.status == 200)
            let json = try response.json()
            #expect(json["errors"][0]["message"].string == "one item failed")
            #expect(json["data"]["adventureList"]["items"].array.count == 2)
        }
    }

    @Test func noContentAndHTMLLoginPage() async throws {
        try await withEmulator { emulator in
            emulator.faults.script(Paths.adventuresAll, .noContent, .htmlLoginPage)
            let empty = try await emulator.get(Paths.adventuresAll)
            #expect(empty.status == 204)
            #expect(empty.body.isEmpty)
            let login = try await emulator.get(Paths.adventuresAll)
            #expect(login.status == 200)
            #expect(login.header("Content-Type")?.hasPrefix("text/html") == true)
            #expect(login.text.contains("j_security_check"))
        }
    }

    @Test func droppedConnectionStopsAfterTheGivenBytes() async throws {
        try await withEmulator { emulator in
            let full = try await emulator.get(Paths.lofotenImageEncoded)
            emulator.faults.script(Paths.lofotenImage, .dropConnection(afterBodyBytes: 70_000))
            let broken = try await HTTPTestClient.getCountingBytes(emulator.url(Paths.lofotenImageEncoded))
            #expect(broken.status == 200)
            #expect(broken.headers.first(name: "Content-Length") == String(full.body.count))
            #expect(broken.received == 70_000)
            #expect(broken.error != nil)
            #expect(try await emulator.get(Paths.lofotenImageEncoded).body == full.body)
        }
    }

    @Test func droppedConnectionOnJSON() async throws {
        try await withEmulator { emulator in
            emulator.faults.script(Paths.adventuresAll, .dropConnection(afterBodyBytes: 10))
            let broken = try await HTTPTestClient.getCountingBytes(emulator.url(Paths.adventuresAll))
            #expect(broken.received == 10)
            #expect(broken.error != nil)
        }
    }

    @Test func overstatedContentLengthThenClose() async throws {
        try await withEmulator { emulator in
            let full = try await emulator.get(Paths.adventuresAll)
            emulator.faults.script(Paths.adventuresAll, .overstatedContentLength(by: 500))
            let broken = try await HTTPTestClient.getCountingBytes(emulator.url(Paths.adventuresAll))
            #expect(broken.headers.first(name: "Content-Length") == String(full.body.count + 500))
            #expect(broken.received == full.body.count)
            #expect(broken.error != nil)
        }
    }

    @Test func ignoredRangeSendsTheWholeBody() async throws {
        try await withEmulator { emulator in
            let full = try await emulator.get(Paths.lofotenImageEncoded)
            emulator.faults.script(Paths.lofotenImage, .ignoreRange)
            let response = try await emulator.get(Paths.lofotenImageEncoded, headers: [("Range", "bytes=100-")])
            #expect(response.status == 200)
            #expect(response.header("Accept-Ranges") == "none")
            #expect(response.header("Content-Range") == nil)
            #expect(response.body == full.body)
            let status3 = try await emulator.get(Paths.lofotenImageEncoded, headers: [("Range", "bytes=100-")]).status
            #expect(status3 == 206)
        }
    }

    @Test func withoutValidatorsNothingConditionalMatches() async throws {
        try await withEmulator { emulator in
            let full = try await emulator.get(Paths.lofotenImageEncoded)
            let etag = try #require(full.header("ETag"))
            emulator.faults.script(Paths.lofotenImage, .withoutValidators, .withoutValidators)
            let unconditional = try await emulator.get(Paths.lofotenImageEncoded, headers: [("If-None-Match", etag)])
            #expect(unconditional.status == 200)
            #expect(unconditional.header("ETag") == nil)
            #expect(unconditional.header("Last-Modified") == nil)
            #expect(unconditional.body == full.body)
            let whole = try await emulator.get(
                Paths.lofotenImageEncoded, headers: [("Range", "bytes=100-"), ("If-Range", etag)])
            #expect(whole.status == 200)
            #expect(whole.body == full.body)
            let status = try await emulator.get(Paths.lofotenImageEncoded, headers: [("If-None-Match", etag)]).status
            #expect(status == 304)
        }
    }

    @Test func slowBodyWaitsBeforeEachPiece() async throws {
        try await withEmulator { emulator in
            let full = try await emulator.get(Paths.lofotenImageEncoded)
            emulator.faults.script(
                Paths.lofotenImage, .slowBody(chunkBytes: full.body.count / 3 + 1, every: .milliseconds(150)))
            let clock = ContinuousClock()
            let start = clock.now
            let slow = try await emulator.get(Paths.lofotenImageEncoded)
            #expect(clock.now - start >= .milliseconds(450))
            #expect(slow.body == full.body)
        }
    }

    @Test func redirectSendsTheClientElsewhere() async throws {
        try await withEmulator { emulator in
            let full = try await emulator.get(Paths.lofotenImageEncoded)
            emulator.faults.script("/moved.jpg", .redirect(to: emulator.url(Paths.lofotenImageEncoded), status: 301))
            let followed = try await emulator.get("/moved.jpg")
            #expect(followed.body == full.body)
            #expect(emulator.requests.suffix(2).map(\.status) == [301, 200])
        }
    }

    @Test func combinedFaultsApplyTogether() async throws {
        try await withEmulator { emulator in
            emulator.faults.script(Paths.lofotenImage, .combining(.ignoreRange, .dropConnection(afterBodyBytes: 1000)))
            let broken = try await HTTPTestClient.getCountingBytes(
                emulator.url(Paths.lofotenImageEncoded), headers: [("Range", "bytes=100-")])
            #expect(broken.status == 200)
            #expect(broken.headers.first(name: "Accept-Ranges") == "none")
            #expect(broken.received == 1000)
            #expect(broken.error != nil)
        }
    }

    @Test func delayAndReset() async throws {
        try await withEmulator { emulator in
            emulator.faults.script(Paths.adventuresAll, .delay(.milliseconds(200)))
            let clock = ContinuousClock()
            let start = clock.now
            let status4 = try await emulator.get(Paths.adventuresAll).status
            #expect(status4 == 200)
            #expect(clock.now - start >= .milliseconds(200))
            emulator.faults.script(Paths.adventuresAll, .noContent)
            emulator.faults.latency = .seconds(5)
            emulator.faults.reset()
            #expect(emulator.faults.pendingActions(for: Paths.adventuresAll) == 0)
            let status5 = try await emulator.get(Paths.adventuresAll).status
            #expect(status5 == 200)
        }
    }

    @Test func holdKeepsARequestUntilTheGateOpens() async throws {
        try await withEmulator { emulator in
            let gate = EmulatorGate()
            defer { gate.open() }
            emulator.faults.script(Paths.adventuresAll, .hold(gate))
            let request = Task { try await emulator.get(Paths.adventuresAll + ";limit=1;") }
            #expect(await gate.waitForArrivals(1, timeout: .seconds(120)))
            #expect(emulator.requests.isEmpty, "not answered while held")
            #expect(await gate.waitForArrivals(2, timeout: .zero) == false, "one arrival, not two")
            gate.open()
            let answered = try await request.value
            #expect(answered.status == 200)
            #expect(emulator.requests.map(\.status) == [200])
            #expect(gate.arrivals == 1 && gate.isOpen)
        }
    }

    @Test func holdBodySendsTheFirstBytesThenWaitsForTheGate() async throws {
        try await withEmulator { emulator in
            let full = try await emulator.get(Paths.lofotenImageEncoded)
            let gate = EmulatorGate()
            defer { gate.open() }
            emulator.faults.script(Paths.lofotenImage, .holdBody(afterBytes: 1000, gate))
            let response = try await HTTPClient.shared.execute(
                HTTPClientRequest(url: emulator.url(Paths.lofotenImageEncoded)), timeout: .seconds(60))
            #expect(response.status == .ok)
            var body: [UInt8] = []
            var chunks = response.body.makeAsyncIterator()
            while body.count < 1000, let chunk = try await chunks.next() { body += chunk.readableBytesView }
            #expect(body.count == 1000, "the first 1000 bytes, and no more until the gate opens")
            #expect(await gate.waitForArrivals(1, timeout: .seconds(120)))
            gate.open()
            while let chunk = try await chunks.next() { body += chunk.readableBytesView }
            #expect(body == full.body)
        }
    }

    @Test func faultsPassedInOptionsAreShared() async throws {
        let faults = EmulatorFaults()
        faults.script(Paths.adventuresAll, .serviceUnavailable(retryAfter: 0))
        try await withEmulator(EmulatorOptions(faults: faults)) { emulator in
            #expect(emulator.faults === faults)
            let status6 = try await emulator.get(Paths.adventuresAll).status
            #expect(status6 == 503)
        }
    }
}
