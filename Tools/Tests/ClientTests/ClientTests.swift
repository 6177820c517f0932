import AEMHeadless
import AEMHeadlessAsyncHTTPClient
import AEMHeadlessURLSession
import Foundation
import Testing

/// The two transports the client ships with; every exchange test runs over both.
enum TransportKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case asyncHTTPClient, urlSession
    var testDescription: String { rawValue }
}

/// Runs `body` with an `Aem` pointed at `server`, over `kind`, and shuts the transport down after.
func withClient<T>(
    _ kind: TransportKind, server: RecordingServer, authentication: Authentication = .none,
    extraHeaders: AemHTTPHeaders = [:], retry: RetryPolicy = RetryPolicy(baseDelay: .milliseconds(10)),
    maxResponseBytes: Int = 1 << 20, _ body: (Aem) async throws -> T
) async throws -> T {
    let configuration = try AemConfiguration(
        scheme: .http, host: server.baseHost, authentication: authentication,
        extraHeaders: extraHeaders, timeout: .seconds(60), retry: retry,
        maxResponseBytes: maxResponseBytes)
    switch kind {
    case .urlSession:
        return try await body(Aem(configuration, transport: URLSessionTransport()))
    case .asyncHTTPClient:
        return try await AsyncHTTPClientTransport.withTransport { try await body(Aem(configuration, transport: $0)) }
    }
}

struct Item: Decodable, Sendable, Equatable {
    var name: String
    var count: Int?
}

struct ItemData: Decodable, Sendable {
    var item: Item?
}

let itemQuery = PersistedQuery<ItemData>("conf/item", variables: ["id": "a b"])

@Suite("Client exchanges over real HTTP")
struct ClientTests {
    @Test(arguments: TransportKind.allCases)
    func sendsTheCanonicalURLWithAcceptAndNoContentType(kind: TransportKind) async throws {
        try await withRecordingServer(fallback: .json(#"{"data":{"item":{"name":"Été – ’x’","count":3}}}"#)) { server in
            let result = try await withClient(kind, server: server) { try await $0.execute(itemQuery) }
            #expect(result.data?.item == Item(name: "Été – ’x’", count: 3))
            #expect(result.errors.isEmpty)
            let request = try #require(server.requests.first)
            #expect(request.target == "/graphql/execute.json/conf/item;id=a%20b;")
            #expect(request.header("Accept") == "application/json")
            #expect(request.header("Content-Type") == nil)
            #expect(request.header("Authorization") == nil)
        }
    }

    @Test("a transport warmed up for its first connection, even twice, sends its requests as before")
    func warmedUpTransport() async throws {
        try await withRecordingServer(fallback: .json(#"{"data":{"item":{"name":"n","count":1}}}"#)) { server in
            let configuration = try AemConfiguration(scheme: .http, host: server.baseHost, retry: .none)
            let result = try await AsyncHTTPClientTransport.withTransport { transport in
                transport.warmUp()
                transport.warmUp()
                return try await Aem(configuration, transport: transport).execute(itemQuery)
            }
            #expect(result.data?.item == Item(name: "n", count: 1))
            #expect(server.requests.count == 1)
        }
    }

    @Test(arguments: TransportKind.allCases)
    func basicAndTokenAuthorizationHeaders(kind: TransportKind) async throws {
        try await withRecordingServer { server in
            _ = try await withClient(
                kind, server: server, authentication: .basic(username: "émile", password: "p:ss word")
            ) {
                try await $0.execute(itemQuery)
            }
            _ = try await withClient(kind, server: server, authentication: .token("tok.en-123")) {
                try await $0.execute(itemQuery)
            }
            let headers = server.requests.map { $0.header("Authorization") }
            #expect(headers == ["Basic " + Data("émile:p:ss word".utf8).base64EncodedString(), "Bearer tok.en-123"])
        }
    }

    @Test(arguments: TransportKind.allCases)
    func credentialsAndExtraHeadersNeverFollowARedirectToAnotherOrigin(kind: TransportKind) async throws {
        try await withRecordingServer { other in
            try await withRecordingServer { server in
                // Same host, other port: another origin.
                server.enqueue(.init(302, headers: ["Location": "http://\(other.baseHost)/elsewhere"]))
                _ = try await withClient(
                    kind, server: server, authentication: .token("secret-token"),
                    extraHeaders: ["X-Tenant": "wknd"]
                ) { try await $0.execute(itemQuery) }
                #expect(server.requests.first?.header("Authorization") == "Bearer secret-token")
                #expect(server.requests.first?.header("X-Tenant") == "wknd")
                let forwarded = try #require(other.requests.first)
                #expect(forwarded.target == "/elsewhere")
                #expect(forwarded.header("Authorization") == nil)
                #expect(forwarded.header("X-Tenant") == nil)
            }
        }
    }

    @Test(arguments: TransportKind.allCases)
    func retriesAfter503WithRetryAfterThenSucceeds(kind: TransportKind) async throws {
        try await withRecordingServer(fallback: .json(#"{"data":{"item":{"name":"ok"}}}"#)) { server in
            server.enqueue(.init(503, headers: ["Retry-After": "0"], body: "busy"), .init(429))
            let result = try await withClient(kind, server: server) { try await $0.execute(itemQuery) }
            #expect(result.data?.item?.name == "ok")
            #expect(server.requests.count == 3)
        }
    }

    @Test(arguments: TransportKind.allCases)
    func givesUpAfterMaxAttempts(kind: TransportKind) async throws {
        try await withRecordingServer(fallback: .init(503)) { server in
            let error = await #expect(throws: AemError.self) {
                try await withClient(kind, server: server) { try await $0.execute(itemQuery) }
            }
            #expect(error?.status == 503)
            #expect(error?.kind == .httpStatus)
            #expect(server.requests.count == 3)
        }
    }

    @Test(arguments: TransportKind.allCases)
    func oneAttemptMeansNoRetry(kind: TransportKind) async throws {
        try await withRecordingServer(fallback: .init(503)) { server in
            await #expect(throws: AemError.self) {
                try await withClient(kind, server: server, retry: .none) { try await $0.execute(itemQuery) }
            }
            #expect(server.requests.count == 1)
        }
    }

    @Test(arguments: TransportKind.allCases)
    func otherClientErrorsAreNotRetried(kind: TransportKind) async throws {
        try await withRecordingServer(fallback: .init(400, body: "bad")) { server in
            await #expect(throws: AemError.self) {
                try await withClient(kind, server: server) { try await $0.execute(itemQuery) }
            }
            #expect(server.requests.count == 1)
        }
    }

    @Test(arguments: TransportKind.allCases)
    func partialDataIsKeptWithItsErrors(kind: TransportKind) async throws {
        let body =
            #"{"data":{"item":{"name":"half"}},"errors":[{"message":"count failed","locations":[{"line":2,"column":5}],"path":["item","count"],"extensions":{"classification":"DataFetchingException"}}]}"#
        try await withRecordingServer(fallback: .json(body)) { server in
            let result = try await withClient(kind, server: server) { try await $0.execute(itemQuery) }
            #expect(result.data?.item?.name == "half")
            #expect(result.errors.count == 1)
            #expect(result.errors.first?.message == "count failed")
            #expect(result.errors.first?.path == [.string("item"), .string("count")])
            #expect(result.errors.first?.locations?.first?.line == 2)
            #expect(result.errors.first?.extensions?["classification"] == .string("DataFetchingException"))
        }
    }

    @Test(arguments: TransportKind.allCases)
    func errorsWithoutDataAreAResultToo(kind: TransportKind) async throws {
        try await withRecordingServer(
            fallback: .json(#"{"errors":[{"message":"Variable 'id' has an invalid value"}]}"#)
        ) { server in
            let result = try await withClient(kind, server: server) { try await $0.execute(itemQuery) }
            #expect(result.data == nil)
            #expect(result.errors.map(\.message) == ["Variable 'id' has an invalid value"])
        }
    }

    @Test(arguments: TransportKind.allCases)
    func aemQueryValidationErrorOn500KeepsMessageAndDetails(kind: TransportKind) async throws {
        let body =
            #"{"errors":[{"errorType":"QueryValidationError","message":"Persisted Query Validation Error","details":"Field 'foo' in type 'AdventureModel' is undefined"}]}"#
        try await withRecordingServer(fallback: .json(body, status: 500)) { server in
            let error = await #expect(throws: AemError.self) {
                try await withClient(kind, server: server) { try await $0.execute(itemQuery) }
            }
            #expect(error?.kind == .httpStatus)
            #expect(error?.status == 500)
            #expect(error?.graphQLErrors.first?.errorType == "QueryValidationError")
            #expect(error?.message.contains("Field 'foo' in type 'AdventureModel' is undefined") == true)
            #expect(server.requests.count == 1)
        }
    }
}
