import Foundation
import Logging
import MCP

/// Standard input and output as the SDK's `StdioTransport` reads and writes them, except that the end of input is
/// passed on only once every request read has been answered (or `grace` has passed): a client that writes its
/// requests and closes its end at once, as a shell pipe does, still gets every answer.
actor AnsweringStdioTransport: Transport {
    private let inner: StdioTransport
    private let grace: Duration
    /// The ids of the requests read and not answered yet.
    private var open: Set<String> = []
    private var waiting: [CheckedContinuation<Void, Never>] = []

    nonisolated let logger: Logger

    init(grace: Duration = .seconds(60)) {
        inner = StdioTransport()
        logger = Logger(label: "wknd-mcp.transport", factory: { _ in SwiftLogNoOpLogHandler() })
        self.grace = grace
    }

    func connect() async throws { try await inner.connect() }

    func disconnect() async { await inner.disconnect() }

    func send(_ data: Data) async throws {
        try await inner.send(data)
        guard let message = Self.message(data), message.method == nil, let id = message.id else { return }
        open.remove(id)
        if open.isEmpty { release() }
    }

    nonisolated func receive() -> AsyncThrowingStream<Data, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await data in await inner.receive() {
                        await read(data)
                        continuation.yield(data)
                    }
                    await untilAnswered()
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    private func read(_ data: Data) {
        guard let message = Self.message(data), message.method != nil, let id = message.id else { return }
        open.insert(id)
    }

    /// Returns once every request read is answered, or after `grace`.
    private func untilAnswered() async {
        guard !open.isEmpty else { return }
        let grace = grace
        let timer = Task { [weak self] in
            try? await Task.sleep(for: grace)
            await self?.release()
        }
        await withCheckedContinuation { waiting.append($0) }
        timer.cancel()
    }

    private func release() {
        let released = waiting
        waiting = []
        for continuation in released { continuation.resume() }
    }

    /// A JSON-RPC message's id (as text) and method; nil for anything else (a batch is not looked into).
    private static func message(_ data: Data) -> (id: String?, method: String?)? {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return nil }
        return (object["id"].map { "\($0)" }, object["method"] as? String)
    }
}
