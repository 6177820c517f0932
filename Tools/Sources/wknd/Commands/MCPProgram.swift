import Foundation
import WKNDCore

/// `wknd-mcp`, the program beside `wknd` that serves the Model Context Protocol for `wknd mcp`: it reads the service
/// as `wknd` does (WKNDCore) and answers every call itself, so that `wknd` does not link the protocol's SDK.
enum MCPProgram {
    /// Replaces this process with the program, given `arguments` (those `wknd mcp` was given), on this standard
    /// input and output.
    static func run(arguments: [String]) throws(Failure) -> Never {
        let program = try CompanionProgram.location(of: "wknd-mcp", what: "the MCP server")
        let path = program.path
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        throw Failure(.internalError, "Cannot start \(path): \(String(cString: strerror(errno))).")
    }
}
