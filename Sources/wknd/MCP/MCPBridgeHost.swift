import AEMHeadless
import Foundation
import MCPBridge

/// `wknd mcp --bridge`: answers `wknd-mcp`'s requests (see MCPBridge), read one a line from standard input until it
/// ends, each in a task of its own; replies go to standard output, one a line. A failed request is answered with
/// its one-line message and the bridge goes on.
struct MCPBridgeHost: Sendable {
    let tools: MCPTools
    let output: MCPReplyWriter

    init(tools: MCPTools, output: MCPReplyWriter = .standardOutput) {
        self.tools = tools
        self.output = output
    }

    /// Answers every request until standard input ends and every answer is written.
    func serve(_ input: FileHandle = .standardInput) async {
        let lines = AsyncStream<Data> { continuation in
            Thread.detachNewThread {
                CompanionProgram.readLines(of: input) { line in
                    continuation.yield(Data(line))
                    return true
                }
                continuation.finish()
            }
        }
        await withTaskGroup(of: Void.self) { group in
            for await line in lines {
                group.addTask { await answer(line) }
            }
        }
    }

    /// Answers one request line.
    func answer(_ line: Data) async {
        guard let request = try? JSONDecoder().decode(MCPBridge.Request.self, from: line) else {
            output.write(MCPBridge.Reply(id: 0, error: "wknd mcp --bridge read a request that is not one; report it."))
            return
        }
        output.write(await reply(to: request))
    }

    /// The reply that ends `request`, after its progress replies.
    func reply(to request: MCPBridge.Request) async -> MCPBridge.Reply {
        do {
            let result: UntypedJSON
            switch request.method {
            case .listTools:
                result = .array(MCPTool.allCases.map(\.listed))
            case .callTool:
                let arguments: UntypedJSON
                do {
                    arguments = try UntypedJSON(parsing: request.arguments ?? "{}")
                } catch {
                    throw Failure(.usage, "The arguments of \(request.name ?? "the tool") are not JSON (\(error)).")
                }
                let output = output
                result = try await tools.call(request.name ?? "", arguments: arguments) { progress in
                    output.write(MCPBridge.Reply(id: request.id, progress: progress))
                }
            case .listResources:
                result = try await tools.listResources()
            case .readResource:
                result = try await tools.readResource(request.name ?? "")
            }
            return MCPBridge.Reply(id: request.id, result: result.jsonText())
        } catch {
            return MCPBridge.Reply(id: request.id, error: Failure(error).line)
        }
    }
}

/// Writes replies, one whole line at a time whichever task writes.
final class MCPReplyWriter: @unchecked Sendable {
    private let send: @Sendable (Data) -> Void
    private let lock = NSLock()

    init(_ send: @escaping @Sendable (Data) -> Void) {
        self.send = send
    }

    static let standardOutput = MCPReplyWriter { data in try? FileHandle.standardOutput.write(contentsOf: data) }

    func write(_ reply: MCPBridge.Reply) {
        guard let data = try? JSONEncoder().encode(reply) else { return }
        lock.withLock { send(data + Data("\n".utf8)) }
    }
}
