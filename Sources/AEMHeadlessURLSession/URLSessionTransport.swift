import AEMHeadless
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends requests with `URLSession`: the natural transport on Apple platforms, and available
/// everywhere Foundation is. Redirects are not followed here; the client follows them itself so
/// that credentials stay on their origin.
///
/// - The body is streamed as it arrives. On Apple platforms, with back-pressure: when the reader
///   falls more than 4 MiB behind, the task is suspended until the reader is within 1 MiB, so
///   memory stays small however large the body and however slow its reader. FoundationNetworking
///   (Linux) cannot pause a transfer, so there a body is held in memory as far as its reader falls
///   behind: prefer `AsyncHTTPClientTransport` on Linux.
/// - A body that URLSession decoded (`Content-Encoding: gzip`, `br`, …) is passed up without its
///   `Content-Length` and `Accept-Ranges`, which describe the encoded bytes, not the ones read.
public final class URLSessionTransport: AemHTTPTransport {
    private let session: URLSession
    private let tasks: TaskRegistry

    /// - Parameter configuration: `standardConfiguration` by default: no cache, cookies or
    ///   credential store of URLSession's own, so every request reaches the server as the client
    ///   built it.
    public init(configuration: URLSessionConfiguration = URLSessionTransport.standardConfiguration) {
        let tasks = TaskRegistry()
        self.tasks = tasks
        session = URLSession(configuration: configuration, delegate: tasks, delegateQueue: nil)
    }

    /// An ephemeral configuration without URLSession's in-memory cache, cookie jar and
    /// credential store: the client keeps its own cache (`ResponseCache`), and a cookie set by
    /// AEM or a CDN is never sent back. A new value each time, to change before passing it to
    /// `init(configuration:)`.
    public static var standardConfiguration: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCredentialStorage = nil
        return configuration
    }

    deinit { session.finishTasksAndInvalidate() }

    public func send(_ request: AemHTTPRequest) async throws -> AemHTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        urlRequest.timeoutInterval =
            Double(request.timeout.components.seconds)
            + Double(request.timeout.components.attoseconds) / 1e18
        for field in request.headers { urlRequest.addValue(field.value, forHTTPHeaderField: field.name) }
        let task = session.dataTask(with: urlRequest)
        let exchange = Exchange(task: task)
        tasks.register(exchange, for: task)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                exchange.start(continuation)
            }
        } onCancel: {
            task.cancel()
        }
    }

    /// One request's state, fed by the session delegate.
    final class Exchange: Sendable {
        let task: URLSessionDataTask
        /// The caller waiting for the response head, until it is answered.
        private let head = LockedValue<CheckedContinuation<AemHTTPResponse, any Error>?>(nil)
        private let stream: AsyncThrowingStream<Data, any Error>
        private let feed: AsyncThrowingStream<Data, any Error>.Continuation
        /// The bytes received and not yet read, and whether the task is suspended for them.
        private let backlog = LockedValue(TransferBacklog())

        /// Whether a task waits for its reader (`suspend()`): on Apple platforms, where a suspended
        /// task keeps its connection and sends nothing until resumed. FoundationNetworking's
        /// `suspend()` drops the transfer, and `resume()` asks for the whole body again.
        static let pausesForReader: Bool = {
            #if canImport(Darwin)
            true
            #else
            false
            #endif
        }()

        init(task: URLSessionDataTask) {
            self.task = task
            (stream, feed) = AsyncThrowingStream.makeStream(of: Data.self)
            feed.onTermination = { [task] termination in
                if case .cancelled = termination { task.cancel() }
            }
        }

        func start(_ continuation: CheckedContinuation<AemHTTPResponse, any Error>) {
            head.withLock { $0 = continuation }
            task.resume()
        }

        func received(_ response: URLResponse) {
            guard let http = response as? HTTPURLResponse else {
                fail(AemHTTPTransportError(.connectionFailed, "the answer was not HTTP"))
                return
            }
            var headers = AemHTTPHeaders()
            for (name, value) in http.allHeaderFields {
                headers.add(name: String(describing: name), value: String(describing: value))
            }
            takeHead()?.resume(
                returning: AemHTTPResponse(
                    status: http.statusCode, headers: Self.describingDecodedBody(headers), body: body))
        }

        /// The body as its reader takes it, each chunk taken counted off the backlog.
        private var body: AemHTTPBody {
            AemHTTPBody { [stream, self] in
                var chunks = stream.makeAsyncIterator()
                return {
                    let chunk = try await chunks.next()
                    if let chunk { self.read(chunk.count) }
                    return chunk
                }
            }
        }

        func received(_ data: Data) {
            if Self.pausesForReader {
                // Under the lock, so that a suspension and the resumption after it keep their order.
                backlog.withLock { if $0.received(data.count) { task.suspend() } }
            }
            feed.yield(data)
        }

        private func read(_ count: Int) {
            if Self.pausesForReader {
                backlog.withLock { if $0.read(count) { task.resume() } }
            }
        }

        /// `headers` as they describe the body passed up: URLSession decodes a body sent with a
        /// `Content-Encoding` other than `identity` but keeps the encoded body's `Content-Length`, and
        /// a byte range of the encoded body is no range of the decoded one.
        static func describingDecodedBody(_ headers: AemHTTPHeaders) -> AemHTTPHeaders {
            guard let encoding = headers["Content-Encoding"]?.trimmingCharacters(in: .whitespaces).lowercased(),
                !encoding.isEmpty, encoding != "identity"
            else { return headers }
            var decoded = headers
            for name in ["Content-Length", "Accept-Ranges", "Content-Encoding"] { decoded.remove(name: name) }
            return decoded
        }

        func completed(_ error: (any Error)?) {
            if let error {
                fail(Self.transportError(error))
            } else {
                feed.finish()
                takeHead()?.resume(
                    throwing: AemHTTPTransportError(.connectionLost, "the connection closed before an answer"))
            }
        }

        private func fail(_ error: any Error) {
            feed.finish(throwing: error)
            takeHead()?.resume(throwing: error)
        }

        private func takeHead() -> CheckedContinuation<AemHTTPResponse, any Error>? {
            head.exchange(nil)
        }

        private static func transportError(_ error: any Error) -> any Error {
            guard let urlError = error as? URLError else {
                return AemHTTPTransportError(.connectionFailed, error.localizedDescription)
            }
            switch urlError.code {
            case .cancelled: return CancellationError()
            case .timedOut: return AemHTTPTransportError(.timedOut, "timed out")
            case .networkConnectionLost: return AemHTTPTransportError(.connectionLost, urlError.localizedDescription)
            default: return AemHTTPTransportError(.connectionFailed, urlError.localizedDescription)
            }
        }
    }

    /// The session's delegate: routes each task's events to its exchange.
    final class TaskRegistry: NSObject, URLSessionDataDelegate, Sendable {
        private let exchanges = LockedValue<[Int: Exchange]>([:])

        func register(_ exchange: Exchange, for task: URLSessionTask) {
            exchanges.withLock { $0[task.taskIdentifier] = exchange }
        }

        private func exchange(for task: URLSessionTask) -> Exchange? {
            exchanges.withLock { $0[task.taskIdentifier] }
        }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
        ) {
            exchange(for: dataTask)?.received(response)
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            exchange(for: dataTask)?.received(data)
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            let finished = exchanges.withLock { $0.removeValue(forKey: task.taskIdentifier) }
            finished?.completed(error)
        }

        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
        ) {
            completionHandler(nil)
        }
    }
}
