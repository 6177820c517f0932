import AEMHeadless
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends requests with `URLSession`: the natural transport on Apple platforms, and available
/// everywhere Foundation is. The body is streamed as it arrives. Redirects are not followed here;
/// the client follows them itself so that credentials stay on their origin.
public final class URLSessionTransport: AemHTTPTransport {
    private let session: URLSession
    private let tasks: TaskRegistry

    /// - Parameter configuration: an ephemeral configuration by default: no cookies, no cache on disk.
    public init(configuration: URLSessionConfiguration = .ephemeral) {
        let tasks = TaskRegistry()
        self.tasks = tasks
        session = URLSession(configuration: configuration, delegate: tasks, delegateQueue: nil)
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
                returning: AemHTTPResponse(status: http.statusCode, headers: headers, body: AemHTTPBody(stream)))
        }

        func received(_ data: Data) { feed.yield(data) }

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
