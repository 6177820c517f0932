import Hummingbird
import Logging

/// A Hummingbird server on 127.0.0.1, port 0, answering every request with `respond`: the
/// running part of the test servers.
struct LoopbackServer: Sendable {
    let port: Int
    private let task: Task<Void, any Error>

    /// Starts the server and returns once it listens.
    static func start(respond: @escaping @Sendable (Request) async throws -> Response) async throws -> LoopbackServer {
        let ready = AsyncStream<Int>.makeStream()
        let app = Application(
            responder: CallbackResponder<BasicRequestContext> { request, _ in try await respond(request) },
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                ready.continuation.yield(channel.localAddress?.port ?? 0)
                ready.continuation.finish()
            },
            logger: Logger(label: "test-server", factory: { _ in SwiftLogNoOpLogHandler() })
        )
        let task = Task { try await app.run() }
        var port = 0
        for await bound in ready.stream { port = bound }
        return LoopbackServer(port: port, task: task)
    }

    func stop() async {
        task.cancel()
        _ = try? await task.value
    }
}

/// A test server that can be started and stopped.
protocol TestServer: AnyObject {
    func start() async throws
    func stop() async
}

/// Starts `server`, runs `body`, and stops the server however `body` ends.
func withStarted<Server: TestServer, T>(_ server: Server, _ body: (Server) async throws -> T) async throws -> T {
    try await server.start()
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}
