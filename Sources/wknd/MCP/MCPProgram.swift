import Foundation
import MCPBridge

/// `wknd-mcp`, the program beside `wknd` that speaks the Model Context Protocol for `wknd mcp` (see MCPBridge).
enum MCPProgram {
    /// Replaces this process with the program, which serves on this standard input and output until it ends and
    /// starts `wknd mcp --bridge` with `arguments` (those `wknd mcp` was given) to answer.
    static func run(arguments: [String]) throws(Failure) -> Never {
        let program = try CompanionProgram.location(
            of: MCPBridge.programName, what: "the MCP server")
        guard let wknd = CompanionProgram.wknd else {
            throw Failure(.internalError, "Cannot tell where wknd is installed, to start the MCP server's bridge.")
        }
        let launch = MCPLaunch(version: WKND.version, bridge: [wknd.path, "mcp", MCPBridge.option] + arguments)
        guard let data = try? JSONEncoder().encode(launch) else {
            throw Failure(.internalError, "Cannot write the MCP server's settings.")
        }
        let path = program.path
        execv(path, [strdup(path), strdup(String(decoding: data, as: UTF8.self)), nil])
        throw Failure(.internalError, "Cannot start \(path): \(String(cString: strerror(errno))).")
    }
}
