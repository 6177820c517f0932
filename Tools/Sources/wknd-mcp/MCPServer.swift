import AEMHeadless
import Foundation
import MCP
import WKNDCore

/// The protocol's side of `wknd-mcp`: the SDK's server on standard input and output, each method answered by
/// `MCPTools`. A failed call is answered as a tool error with the one line the command line would print; the server
/// goes on.
struct MCPServer: Sendable {
    let tools: MCPTools

    static let instructions = """
        Access to Adobe Experience Manager headless content: content fragment models, fragments by folder, id or \
        path, full-text search of a synced mirror, persisted GraphQL queries and their results, and the schema of a \
        configuration. Start with list_models or list_persisted_queries to learn the content's shape. Started with \
        --allow-writes, it also changes content on the author service: read a fragment with get_authored_fragment, \
        then patch_fragment, publish_fragments or unpublish_fragments with the etag it returned.
        """

    /// Serves until standard input ends and every call read is answered.
    func serve() async throws {
        let server = Server(
            name: "wknd", version: ToolIdentity.version, title: "AEM headless content (wknd)",
            instructions: Self.instructions,
            capabilities: .init(
                resources: .init(subscribe: false, listChanged: false), tools: .init(listChanged: false))
        )
        await register(on: server)
        try await server.start(transport: AnsweringStdioTransport())
        await server.waitUntilCompleted()
        await server.stop()
    }

    private func register(on server: Server) async {
        let tools = tools
        await server.withMethodHandler(ListTools.self) { _ in
            ListTools.Result(tools: try tools.offered.map(Self.listed))
        }
        await server.withMethodHandler(CallTool.self) { parameters in
            let token = parameters._meta?.progressToken
            do {
                let arguments = try Self.converted(parameters.arguments ?? [:], to: UntypedJSON.self)
                let result = try await tools.call(parameters.name, arguments: arguments) { progress in
                    guard let token else { return }
                    Task {
                        try? await server.notify(
                            ProgressNotification.message(
                                .init(
                                    progressToken: token, progress: Double(progress.done),
                                    total: progress.total.map(Double.init), message: progress.message)))
                    }
                }
                let structured = try Self.converted(result, to: Value.self)
                return try CallTool.Result(
                    content: [.text(text: result.jsonText(), annotations: nil, _meta: nil)],
                    structuredContent: structured, isError: false)
            } catch {
                return CallTool.Result(
                    content: [.text(text: Failure(error).line, annotations: nil, _meta: nil)], isError: true)
            }
        }
        await server.withMethodHandler(ListResources.self) { _ in
            try Self.converted(
                try await Self.answering { try await tools.listResources() }, to: ListResources.Result.self)
        }
        await server.withMethodHandler(ListResourceTemplates.self) { _ in
            try Self.converted(
                try await Self.answering { try await tools.listResources() }, to: ListResourceTemplates.Result.self)
        }
        await server.withMethodHandler(ReadResource.self) { parameters in
            try Self.converted(
                try await Self.answering { try await tools.readResource(parameters.uri) }, to: ReadResource.Result.self)
        }
    }

    /// The tool as the protocol lists it: its schemas, and hints of what it may change.
    private static func listed(_ tool: MCPTool) throws -> Tool {
        Tool(
            name: tool.rawValue, title: tool.title, description: tool.description,
            inputSchema: try JSONDecoder().decode(Value.self, from: Data(tool.inputSchema.utf8)),
            annotations: .init(
                title: tool.title, readOnlyHint: tool.isReadOnly, destructiveHint: tool.isDestructive,
                idempotentHint: tool.isIdempotent, openWorldHint: false),
            outputSchema: try JSONDecoder().decode(Value.self, from: Data(tool.outputSchema.utf8)))
    }

    /// `read`'s answer; its failure as the protocol's error with the command line's one line.
    private static func answering(_ read: () async throws -> UntypedJSON) async throws -> UntypedJSON {
        do {
            return try await read()
        } catch {
            throw MCPError.invalidParams(Failure(error).line)
        }
    }

    /// `value` as `Other`, through its JSON.
    private static func converted<Other: Decodable>(_ value: some Encodable, to type: Other.Type) throws -> Other {
        try JSONDecoder().decode(type, from: JSONEncoder().encode(value))
    }
}
