import AEMHeadless
import AEMHeadlessURLSession
import Foundation
import Testing

@Suite("Answers that are not GraphQL")
struct ResponseFailureTests {
    private func failure(
        for reply: RecordingServer.Reply, authentication: Authentication = .none,
        maxResponseBytes: Int = 1 << 20, kind: TransportKind = .asyncHTTPClient
    ) async throws -> AemError? {
        try await withRecordingServer(fallback: reply) { server in
            await #expect(throws: AemError.self) {
                try await withClient(
                    kind, server: server, authentication: authentication, maxResponseBytes: maxResponseBytes
                ) {
                    try await $0.execute(itemQuery)
                }
            }
        }
    }

    @Test(arguments: [401, 403])
    func unauthorizedWithAnEmptyBody(status: Int) async throws {
        let error = try await failure(
            for: .init(status), authentication: .basic(username: "admin", password: "hunter2-secret"))
        #expect(error?.kind == .unauthorized)
        #expect(error?.status == status)
        #expect(error?.message.contains("credentials") == true)
        #expect(error?.url?.absoluteString.hasSuffix("/graphql/execute.json/conf/item;id=a%20b;") == true)
        #expect(error.map { "\($0.debugDescription)" }?.contains("hunter2-secret") == false)
    }

    @Test func unknownQueryNamesTheQueryAndTheHost() async throws {
        let error = try await failure(for: .json(#"{"message":"not found"}"#, status: 404))
        #expect(error?.kind == .queryNotFound)
        #expect(error?.message.contains("conf/item") == true)
        #expect(error?.message.contains("127.0.0.1") == true)
    }

    @Test func aemsPersistenceErrorNamesTheConfigurationAndTheQuery() async throws {
        let body =
            #"{"errors":[{"errorType":"PersistenceError","message":"Could not find Persisted Query","details":"Configuration: 'conf' and Query Name: 'item' does not resolve to an existing Persistent Query"}]}"#
        let error = try await failure(for: .json(body, status: 404))
        #expect(error?.kind == .queryNotFound)
        #expect(error?.message.contains("The persisted query conf/item does not exist") == true)
        #expect(error?.message.contains("Could not find Persisted Query") == true)
        #expect(error?.graphQLErrors.first?.errorType == "PersistenceError")
        #expect(error?.graphQLErrors.first?.details?.contains("Query Name: 'item'") == true)
    }

    @Test func aemsServletErrorSaysTheConfigurationHasNoEndpoint() async throws {
        let body =
            #"{"errors":[{"errorType":"ServletError","message":"Internal Servlet Failure","details":"No suitable endpoint found."}]}"#
        let error = try await failure(for: .json(body, status: 404))
        #expect(error?.kind == .queryNotFound)
        #expect(error?.message.contains("no GraphQL endpoint for the configuration conf") == true)
        #expect(error?.message.contains("conf/item") == true)
        #expect(error?.message.contains("No suitable endpoint found.") == true)
    }

    @Test func htmlPageFromAProxy() async throws {
        let page = "<!DOCTYPE html><html><head><title>Sign in</title></head><body>login</body></html>"
        let error = try await failure(for: .init(200, headers: ["Content-Type": "text/html"], body: page))
        #expect(error?.kind == .htmlResponse)
        #expect(error?.message.contains("Sign in") == true)
        #expect(error?.bodyExcerpt?.contains("<html>") == true)
    }

    @Test func htmlWithoutContentTypeIsStillRecognised() async throws {
        let error = try await failure(for: .init(200, body: "  <html><body>Sign in</body></html>"))
        #expect(error?.kind == .htmlResponse)
    }

    @Test("a 5xx is a server failure whatever its body, an HTML error page included", arguments: [500, 502, 503])
    func serverFailureWithAnHTMLPage(status: Int) async throws {
        let page = "<html><head><title>Service Unavailable</title></head><body>Try later</body></html>"
        let error = try await failure(for: .init(status, headers: ["Content-Type": "text/html"], body: page))
        #expect(error?.kind == .httpStatus)
        #expect(error?.status == status)
        #expect(error?.message.contains("HTML page (\"Service Unavailable\")") == true)
        #expect(error?.message.contains("try again later") == true)
    }

    @Test func emptyBodyAnd204() async throws {
        #expect(try await failure(for: .init(200))?.kind == .emptyResponse)
        #expect(try await failure(for: .init(204))?.kind == .emptyResponse)
    }

    @Test func bodyThatIsNotJSON() async throws {
        let error = try await failure(
            for: .init(200, headers: ["Content-Type": "application/json"], body: "{\"data\": {\"item\": tru"))
        #expect(error?.kind == .invalidResponse)
    }

    @Test func jsonThatIsNotGraphQL() async throws {
        #expect(try await failure(for: .json(#"{"hello":"world"}"#))?.kind == .invalidResponse)
        #expect(try await failure(for: .json("null"))?.kind == .invalidResponse)
    }

    @Test func decodingFailureNamesTheFieldPath() async throws {
        let error = try await failure(for: .json(#"{"data":{"item":{"name":"x","count":"three"}}}"#))
        #expect(error?.kind == .decodingFailed)
        #expect(error?.message.contains("data.item.count") == true)
    }

    @Test func bodyLargerThanTheLimit() async throws {
        let big = #"{"data":{"item":{"name":""# + String(repeating: "x", count: 5000) + #""}}}"#
        let error = try await failure(for: .json(big), maxResponseBytes: 1000)
        #expect(error?.kind == .bodyTooLarge)
    }

    @Test func connectionRefusedIsANetworkError() async throws {
        let port = try await withRecordingServer { $0.port }
        let configuration = try AemConfiguration(
            scheme: .http, host: "127.0.0.1:\(port)", retry: RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(5)))
        let error = await #expect(throws: AemError.self) {
            try await Aem(configuration, transport: URLSessionTransport()).execute(itemQuery)
        }
        #expect(error?.kind == .network)
        #expect(error?.message.contains("127.0.0.1:\(port)") == true)
    }

    @Test func secretsEchoedByAServerAreRemovedFromTheExcerpt() async throws {
        let error = try await failure(
            for: .init(500, body: "token was tok-very-secret"), authentication: .token("tok-very-secret"))
        #expect(error?.bodyExcerpt?.contains("tok-very-secret") == false)
        #expect(error?.bodyExcerpt?.contains("token was") == true)
    }
}
