import Foundation
import Hummingbird
import NIOCore

/// A tiny HTTP server on 127.0.0.1, port 0, that records every request and answers from a
/// script, for checking exactly what the client sends and how it takes each kind of answer.
final class RecordingServer: TestServer, @unchecked Sendable {
    struct Recorded: Sendable {
        var target: String
        var headers: [String: String]

        func header(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }
    }

    struct Reply: Sendable {
        var status: Int
        var headers: [String: String]
        var bytes: Data
        /// The body as text.
        var body: String { String(decoding: bytes, as: UTF8.self) }

        init(_ status: Int, headers: [String: String] = [:], body: String = "") {
            self.init(status, headers: headers, bytes: Data(body.utf8))
        }

        init(_ status: Int, headers: [String: String] = [:], bytes: Data) {
            self.status = status
            self.headers = headers
            self.bytes = bytes
        }

        static func json(_ body: String, status: Int = 200) -> Reply {
            Reply(status, headers: ["Content-Type": "application/json"], body: body)
        }
    }

    private let lock = NSLock()
    private var recorded: [Recorded] = []
    private var script: [Reply] = []
    private var fallback: Reply
    private var server: LoopbackServer?
    var port: Int { server?.port ?? 0 }

    var requests: [Recorded] { lock.withLock { recorded } }
    var baseHost: String { "127.0.0.1:\(port)" }

    init(fallback: Reply = .json(#"{"data":{}}"#)) {
        self.fallback = fallback
    }

    /// Answers the next requests with `replies`, in order, then with the fallback.
    func enqueue(_ replies: Reply...) {
        lock.withLock { script.append(contentsOf: replies) }
    }

    func start() async throws {
        server = try await LoopbackServer.start { [self] request in reply(to: request) }
    }

    func stop() async {
        await server?.stop()
    }

    private func reply(to request: Request) -> Response {
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.rawName] = field.value }
        let reply = lock.withLock {
            recorded.append(Recorded(target: request.uri.string, headers: headers))
            return script.isEmpty ? fallback : script.removeFirst()
        }
        var fields = HTTPFields()
        for (name, value) in reply.headers {
            if let fieldName = HTTPFields.Element.Name(name) { fields[fieldName] = value }
        }
        return Response(
            status: .init(code: reply.status), headers: fields,
            body: .init(byteBuffer: ByteBuffer(bytes: reply.bytes)))
    }
}

/// Starts a recording server, runs `body`, and stops the server however `body` ends.
func withRecordingServer<T>(
    fallback: RecordingServer.Reply = .json(#"{"data":{}}"#),
    _ body: (RecordingServer) async throws -> T
) async throws -> T {
    try await withStarted(RecordingServer(fallback: fallback), body)
}
