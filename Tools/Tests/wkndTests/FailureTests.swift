import AEMEmulator
import EmulatorTestSupport
import Foundation
import Testing

@testable import WKNDCore

@Suite("wknd failures: one line on stderr, nothing on stdout, a documented exit code")
struct FailureTests {
    /// Runs `wknd list` against an emulator whose list query first takes `faults`.
    func listWith(_ faults: FaultAction..., arguments: [String] = []) async throws -> (WkndRun, Int) {
        try await withEmulator { emulator, environment in
            emulator.faults.script(QueryPath.list, faults)
            let run = try await WkndRun.run(["list"] + arguments, environment: environment)
            return (run, emulator.requests.count)
        }
    }

    func expectOneLineFailure(_ run: WkndRun, status: Int32, mentioning words: [String]) {
        #expect(run.status == status)
        #expect(run.stdout.isEmpty)
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        for word in words { #expect(run.stderr.contains(word), "stderr lacks \(word): \(run.stderr)") }
        #expect(!run.stderr.contains("DecodingError"))
        #expect(!run.stderr.contains("Fatal error"))
    }

    @Test("401 with an empty body: authentication, exit 77")
    func unauthorized() async throws {
        let (run, _) = try await listWith(.unauthorized)
        expectOneLineFailure(run, status: 77, mentioning: ["401", "credentials"])
    }

    @Test("500 with AEM's error shape: its message and details, exit 69")
    func serverError() async throws {
        let (run, _) = try await listWith(.persistedQueryValidationError(details: "Field 'unknownField' is undefined"))
        expectOneLineFailure(run, status: 69, mentioning: ["500", "Persisted Query Validation Error", "unknownField"])
    }

    @Test("200 with GraphQL errors and no data: exit 69")
    func graphQLErrors() async throws {
        let (run, _) = try await listWith(
            .respond(
                status: 200, headers: ["Content-Type": "application/json"],
                body: #"{"errors":[{"message":"Query cannot be executed"}]}"#))
        expectOneLineFailure(run, status: 69, mentioning: ["Query cannot be executed"])
    }

    @Test("200 with data and GraphQL errors: the data on stdout, a warning on stderr")
    func partialData() async throws {
        let (run, _) = try await listWith(.partialData(message: "Asset is not accessible"), arguments: ["--json"])
        #expect(run.status == 0)
        #expect(try (run.json() as? [Any])?.count == 20)
        #expect(run.stderr.contains("Asset is not accessible"))
    }

    @Test("an HTML page: bad response, exit 65")
    func htmlPage() async throws {
        let (run, _) = try await listWith(.htmlLoginPage)
        expectOneLineFailure(run, status: 65, mentioning: ["HTML", "AEM Sign In"])
        #expect(!run.stderr.contains("<form"))
    }

    @Test("503 with an HTML error page, again and again: a server failure, exit 69")
    func serverOutageWithAnHTMLPage() async throws {
        let page = FaultAction.respond(
            status: 503, headers: ["Content-Type": "text/html", "Retry-After": "0"],
            body: "<html><head><title>Service Unavailable</title></head><body>Back soon</body></html>")
        let (run, _) = try await listWith(page, page, page, page, arguments: ["--no-cache"])
        expectOneLineFailure(
            run, status: 69, mentioning: ["503", "HTML page", "Service Unavailable", "try again later"])
        #expect(!run.stderr.contains("Check the host and the credentials"))
    }

    @Test("wknd sync: a connection lost in the middle of a page, every time: exit 69, one line naming the page")
    func syncWithACutPage() async throws {
        try await withTemporaryFolder("sync-cut") { parent in
            let folder = parent.appendingPathComponent("sync-cut")
            try await withEmulator { emulator, environment in
                emulator.faults.script(
                    "/graphql/execute.json/wknd-shared/adventures-paginated",
                    Array(repeating: .dropConnection(afterBodyBytes: 40), count: 4))
                let run = try await WkndRun.run(["sync", folder.path], environment: environment)
                expectOneLineFailure(run, status: 69, mentioning: ["Reading the first list page", "connection"])
                #expect(!run.stderr.contains("Unexpected failure"))
            }
        }
    }

    @Test("503 with Retry-After, then success")
    func retryAfter() async throws {
        let (run, requests) = try await listWith(.serviceUnavailable(retryAfter: 1), arguments: ["--json"])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        #expect(try (run.json() as? [Any])?.count == 20)
        #expect(requests == 2)
    }

    @Test("--verbose shows each real exchange: the 503, the retry and its answer")
    func verboseShowsTheWire() async throws {
        let (run, _) = try await listWith(.serviceUnavailable(retryAfter: 0), arguments: ["--json", "--verbose"])
        #expect(run.status == 0, "\(run.stderr)")
        let exchanges = run.stderrLines.filter { $0.contains("GET http") }
        #expect(exchanges.count == 2, "\(run.stderr)")
        #expect(exchanges.first?.contains("adventures-all") == true)
        #expect(exchanges.first?.contains("→ 503 (attempt 1,") == true)
        #expect(exchanges.last?.contains("→ 200 (attempt 2,") == true)
    }

    @Test("--timeout: an answer slower than it fails with a time-out that names the option, exit 69")
    func timeoutOption() async throws {
        try await withEmulator { emulator, environment in
            // The answer is held until wknd has given up: only its time-out can end the run.
            let gate = EmulatorGate()
            defer { gate.open() }
            emulator.faults.script(QueryPath.list, .hold(gate))
            let run = try await WkndRun.run(["list", "--timeout", "0.5"], environment: environment)
            expectOneLineFailure(run, status: 69, mentioning: ["0.5 s", "--timeout", "AEM_TIMEOUT"])
        }
    }

    @Test("AEM_TIMEOUT sets it too, and an invalid value is a configuration error, exit 78")
    func timeoutEnvironment() async throws {
        try await withEmulator { emulator, environment in
            let gate = EmulatorGate()
            defer { gate.open() }
            emulator.faults.script(QueryPath.list, .hold(gate))
            let slow = try await WkndRun.run(["list"], environment: environment.merging(["AEM_TIMEOUT": "0.5"]) { $1 })
            expectOneLineFailure(slow, status: 69, mentioning: ["0.5 s"])
            let invalid = try await WkndRun.run(["list", "--timeout", "soon"], environment: environment)
            expectOneLineFailure(invalid, status: 78, mentioning: ["AEM_TIMEOUT", "soon", "--timeout"])
            let config = try await WkndRun.run(
                ["config"], environment: environment.merging(["AEM_TIMEOUT": "12"]) { $1 })
            #expect(config.stdout.contains("AEM_TIMEOUT"))
            #expect(config.stdout.contains("environment AEM_TIMEOUT"))
        }
    }

    @Test("the persisted query not deployed: exit 69, says so")
    func queryNotFound() async throws {
        let (run, _) = try await listWith(.respond(status: 404))
        expectOneLineFailure(run, status: 69, mentioning: ["wknd-shared/adventures-all", "persist"])
    }

    @Test("nothing listening: network, exit 69")
    func networkDown() async throws {
        let run = try await WkndRun.run(["list"], environment: ["AEM_SCHEME": "http", "AEM_HOST": "127.0.0.1:1"])
        expectOneLineFailure(run, status: 69, mentioning: ["127.0.0.1:1"])
    }

    @Test("an invalid host: configuration, exit 78")
    func invalidHost() async throws {
        let run = try await WkndRun.run(["list"], environment: ["AEM_HOST": "https://example.com/content"])
        expectOneLineFailure(run, status: 78, mentioning: ["AEM host"])
    }
}
