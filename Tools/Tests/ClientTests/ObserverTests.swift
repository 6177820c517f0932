import AEMHeadless
import AEMHeadlessAsyncHTTPClient
import Foundation
import Testing

/// Everything an observer saw, one line per call.
final class RecordingObserver: AemObserver, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    var lines: [String] { lock.withLock { recorded } }

    private func record(_ line: String) { lock.withLock { recorded.append(line) } }

    func willSend(_ request: AemHTTPRequest, attempt: Int) {
        record("send \(attempt) \(request.url.path) auth=\(request.headers["Authorization"] != nil)")
    }

    func didReceive(_ response: AemHTTPResponseHead, for request: AemHTTPRequest, attempt: Int, duration: Duration) {
        record("receive \(attempt) \(request.url.path) \(response.status)")
    }

    func didFail(_ error: AemHTTPTransportError, for request: AemHTTPRequest, attempt: Int, duration: Duration) {
        record("fail \(attempt) \(error.kind)")
    }
}

@Suite("Observing what goes over the wire")
struct ObserverTests {
    @Test("an observer sees every try and every redirect, with its attempt")
    func seesRetriesAndRedirects() async throws {
        try await withRecordingServer { server in
            server.enqueue(
                .init(503, headers: ["Retry-After": "0"]),
                .init(302, headers: ["Location": "/moved/here"]),
                .json(#"{"data":{"item":{"name":"x"}}}"#))
            let observer = RecordingObserver()
            let configuration = try AemConfiguration(
                scheme: .http, host: server.baseHost, authentication: .token("t0k"),
                timeout: .seconds(60), retry: RetryPolicy(baseDelay: .milliseconds(5)))
            let result = try await AsyncHTTPClientTransport.withTransport { transport in
                try await Aem(configuration, transport: transport, observer: observer).execute(itemQuery)
            }
            #expect(result.data?.item?.name == "x")
            let query = itemQuery.url(on: configuration.origin).path
            #expect(
                observer.lines == [
                    "send 1 \(query) auth=true", "receive 1 \(query) 503",
                    "send 2 \(query) auth=true", "receive 2 \(query) 302",
                    "send 2 /moved/here auth=true", "receive 2 /moved/here 200",
                ])
            #expect(result.url == itemQuery.url(on: configuration.origin))
            #expect(result.queryPath == "conf/item")
        }
    }

    @Test("failures below HTTP are seen too, and the error keeps its cause")
    func seesFailures() async throws {
        let observer = RecordingObserver()
        // Nothing listens on port 1.
        let configuration = try AemConfiguration(
            scheme: .http, host: "127.0.0.1:1", timeout: .seconds(5),
            retry: RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(5)))
        let error = await #expect(throws: AemError.self) {
            try await AsyncHTTPClientTransport.withTransport { transport in
                try await Aem(configuration, transport: transport, observer: observer).execute(itemQuery)
            }
        }
        #expect(error?.kind == .network)
        #expect((error?.underlyingError as? AemHTTPTransportError)?.kind == .connectionFailed)
        #expect(
            observer.lines.filter { $0.hasPrefix("fail") } == ["fail 1 connectionFailed", "fail 2 connectionFailed"])
    }
}
