import AEMHeadless
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOPosix

/// Sends requests with AsyncHTTPClient (SwiftNIO): quick to start, with pooled keep-alive
/// connections and a body streamed with back-pressure, so memory stays flat however large the
/// body. The choice for servers and command-line tools on Linux.
///
/// Call `shutdown()` when done with it, or let `withTransport` do so.
public final class AsyncHTTPClientTransport: AemHTTPTransport {
    private let client: HTTPClient

    /// - Parameters:
    ///   - maxConnectionsPerHost: the most connections kept open to one host.
    ///   - idleReadTimeout: how long a body may go without a byte before the read fails.
    public init(maxConnectionsPerHost: Int = 8, idleReadTimeout: Duration = .seconds(60)) {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(10), read: TimeAmount(idleReadTimeout)),
            decompression: .disabled
        )
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = maxConnectionsPerHost
        // The client's retry policy retries failed connections with backoff; retrying inside the
        // pool as well would hold a refused connection for the whole connect timeout.
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.httpVersion = .http1Only
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// Does ahead of time the part of the first connection's set-up that does not depend on the
    /// host: the runtime's first type checks of the HTTP/1 channel handlers, and the description of
    /// an event loop that AsyncHTTPClient puts in its logger metadata. Each first check scans every
    /// protocol conformance in the program; this way they are not paid while the first request
    /// waits. Optional: call it off the critical path, as `wknd` does while it reads its arguments.
    public func warmUp() {
        let loop = client.eventLoopGroup.next() // the client's own: on Apple platforms, Network.framework's
        loop.execute { _ = String(describing: loop) } // on the loop, which describes its state too
        let channel = EmbeddedChannel()
        try? channel.pipeline.syncOperations.addHTTPClientHandlers()
        _ = try? channel.finish()
    }

    /// Closes the connections; the transport cannot be used after.
    public func shutdown() async throws {
        try await client.shutdown()
    }

    /// Runs `body` with a new transport and shuts it down after, however `body` ends; a failure
    /// of `body` is what is thrown, even if the shutdown fails too.
    public static func withTransport<Result>(
        maxConnectionsPerHost: Int = 8, idleReadTimeout: Duration = .seconds(60),
        _ body: (AsyncHTTPClientTransport) async throws -> Result
    ) async throws -> Result {
        let transport = AsyncHTTPClientTransport(
            maxConnectionsPerHost: maxConnectionsPerHost, idleReadTimeout: idleReadTimeout)
        let result: Result
        do {
            result = try await body(transport)
        } catch {
            try? await transport.shutdown()
            throw error
        }
        try await transport.shutdown()
        return result
    }

    public func send(_ request: AemHTTPRequest) async throws -> AemHTTPResponse {
        var clientRequest = HTTPClientRequest(url: request.url.absoluteString)
        clientRequest.method = .init(rawValue: request.method)
        if let body = request.body { clientRequest.body = .bytes(ByteBuffer(bytes: body)) }
        for field in request.headers { clientRequest.headers.add(name: field.name, value: field.value) }
        let response: HTTPClientResponse
        do {
            response = try await client.execute(clientRequest, timeout: TimeAmount(request.timeout))
        } catch {
            throw Self.transportError(error, beforeResponse: true)
        }
        var headers = AEMHeadless.AemHTTPHeaders()
        for field in response.headers { headers.add(name: field.name, value: field.value) }
        let source = response.body
        let body = AemHTTPBody {
            var iterator = source.makeAsyncIterator()
            return {
                do {
                    return try await iterator.next().map { Data($0.readableBytesView) }
                } catch {
                    throw Self.transportError(error, beforeResponse: false)
                }
            }
        }
        return AemHTTPResponse(status: Int(response.status.code), headers: headers, body: body)
    }

    private static func transportError(_ error: any Error, beforeResponse: Bool) -> any Error {
        if error is CancellationError { return error }
        if let clientError = error as? HTTPClientError {
            switch clientError {
            case .cancelled:
                return CancellationError()
            case .deadlineExceeded, .readTimeout:
                return AemHTTPTransportError(.timedOut, "timed out")
            case .connectTimeout:
                return AemHTTPTransportError(.connectionFailed, "the connection timed out")
            case .remoteConnectionClosed:
                return AemHTTPTransportError(.connectionLost, "the server closed the connection")
            default:
                break
            }
        }
        return AemHTTPTransportError(beforeResponse ? .connectionFailed : .connectionLost, detail(of: error))
    }

    /// A short cause: the system's words for a socket error ("connection refused"), else the error itself.
    private static func detail(of error: any Error) -> String {
        if let ioError = error as? IOError, let text = strerror(ioError.errnoCode) {
            return String(cString: text).lowercased()
        }
        return String(describing: error)
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
