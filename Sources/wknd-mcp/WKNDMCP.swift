import Foundation
import MCP
import MCPBridge

/// `wknd-mcp`: the Model Context Protocol server of `wknd mcp`, over standard input and output. It reads a
/// `MCPLaunch` from its one argument, starts the bridge it names, and carries every request to it (see MCPBridge).
/// It stops when standard input ends.
@main
enum WKNDMCP {
    static func main() async {
        signal(SIGPIPE, SIG_IGN)
        guard CommandLine.arguments.count == 2,
            let launch = try? JSONDecoder().decode(MCPLaunch.self, from: Data(CommandLine.arguments[1].utf8))
        else {
            say(
                "error: this program is started by `wknd mcp`, which gives it its settings; run `wknd mcp --help`."
            )
            exit(64)
        }
        let bridge: BridgeConnection
        do {
            bridge = try BridgeConnection(command: launch.bridge)
        } catch {
            say("error: Cannot start the bridge \(launch.bridge.first ?? ""): \(error)")
            exit(69)
        }
        let server = Server(
            name: "wknd", version: launch.version, title: "AEM headless content (wknd)",
            instructions: instructions,
            capabilities: .init(
                resources: .init(subscribe: false, listChanged: false), tools: .init(listChanged: false))
        )
        await register(on: server, bridge: bridge)
        do {
            try await server.start(transport: AnsweringStdioTransport())
            await server.waitUntilCompleted()
        } catch {
            say("error: The server stopped: \(error)")
        }
        await server.stop()
        await bridge.close()
    }

    static let instructions = """
        Read-only access to Adobe Experience Manager headless content: content fragment models, fragments by folder, \
        id or path, full-text search of a synced mirror, persisted GraphQL queries and their results, and the schema \
        of a configuration. Start with list_models or list_persisted_queries to learn the content's shape.
        """

    private static func register(on server: Server, bridge: BridgeConnection) async {
        await server.withMethodHandler(ListTools.self) { _ in
            ListTools.Result(tools: try decoded([Tool].self, from: await bridge.send(.listTools)))
        }
        await server.withMethodHandler(CallTool.self) { parameters in
            let arguments = try? String(decoding: JSONEncoder().encode(parameters.arguments ?? [:]), as: UTF8.self)
            let token = parameters._meta?.progressToken
            let reply = await bridge.send(.callTool, name: parameters.name, arguments: arguments) { progress in
                guard let token else { return }
                try? await server.notify(
                    ProgressNotification.message(
                        .init(
                            progressToken: token, progress: Double(progress.done),
                            total: progress.total.map(Double.init),
                            message: progress.message)))
            }
            if let error = reply.error {
                return CallTool.Result(content: [.text(text: error, annotations: nil, _meta: nil)], isError: true)
            }
            let text = reply.result ?? "{}"
            let structured = try? JSONDecoder().decode(Value.self, from: Data(text.utf8))
            return CallTool.Result(
                content: [.text(text: text, annotations: nil, _meta: nil)], structuredContent: structured,
                isError: false)
        }
        await server.withMethodHandler(ListResources.self) { _ in
            try decoded(ListResources.Result.self, from: await bridge.send(.listResources))
        }
        await server.withMethodHandler(ListResourceTemplates.self) { _ in
            try decoded(ListResourceTemplates.Result.self, from: await bridge.send(.listResources))
        }
        await server.withMethodHandler(ReadResource.self) { parameters in
            try decoded(ReadResource.Result.self, from: await bridge.send(.readResource, name: parameters.uri))
        }
    }

    /// The result of `reply` as `type`; its error as the protocol's.
    private static func decoded<Value: Decodable>(_ type: Value.Type, from reply: MCPBridge.Reply) throws -> Value {
        if let error = reply.error { throw MCPError.invalidParams(error) }
        guard let text = reply.result, let value = try? JSONDecoder().decode(type, from: Data(text.utf8)) else {
            throw MCPError.internalError("wknd mcp --bridge answered something that does not read; report it.")
        }
        return value
    }

    /// Writes `line` on standard error, named as `wknd`'s messages are.
    private static func say(_ line: String) {
        FileHandle.standardError.write(Data(("\(MCPBridge.programName): " + line + "\n").utf8))
    }
}
