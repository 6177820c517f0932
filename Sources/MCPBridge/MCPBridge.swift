/// What `wknd-mcp`, the Model Context Protocol server, and `wknd mcp --bridge`, which reads AEM for it, say to
/// each other: one JSON object a line, requests on the bridge's standard input and replies on its standard output.
///
/// The server lives in its own program so that `wknd` does not link the protocol's SDK. `wknd mcp` checks its
/// options and replaces itself with `wknd-mcp`, handing it a `MCPLaunch` as its one argument; `wknd-mcp` speaks the
/// protocol on standard input and output and starts `wknd mcp --bridge` with the same options, which reads the
/// mirror or the service exactly as every `wknd` command does (profiles, sign-in, response cache, the built-in
/// sample). The tools, their schemas and their answers are all made there; `wknd-mcp` only carries them.
package enum MCPBridge {
    /// The program's file name, beside `wknd`.
    package static let programName = "wknd-mcp"
    /// The option that has `wknd mcp` answer requests as the bridge.
    package static let option = "--bridge"

    /// What `wknd-mcp` asks.
    package struct Request: Codable, Sendable, Equatable {
        package enum Method: String, Codable, Sendable {
            /// The tools, as a JSON array of the protocol's tool objects.
            case listTools
            /// Calls the tool `name` with `arguments`; the result is the tool's JSON object.
            case callTool
            /// The resources, as `{"resources": [...], "resourceTemplates": [...]}` of the protocol's objects.
            case listResources
            /// Reads the resource whose URI is `name`; the result is `{"contents": [...]}`.
            case readResource
        }

        /// Unique among the requests in flight; replies carry it.
        package var id: Int
        package var method: Method
        /// The tool's name, or the resource's URI.
        package var name: String?
        /// The tool's arguments, as the text of a JSON object.
        package var arguments: String?

        package init(id: Int, method: Method, name: String? = nil, arguments: String? = nil) {
            (self.id, self.method, self.name, self.arguments) = (id, method, name, arguments)
        }
    }

    /// What the bridge answers: the result or the error that ends a request, or how far it has got.
    package struct Reply: Codable, Sendable, Equatable {
        /// The request's id; 0 for the bridge itself, when it cannot go on (`error` says why).
        package var id: Int
        /// The result, as JSON text.
        package var result: String?
        /// Why the request failed, in one line that says what to do.
        package var error: String?
        /// How far a long request has got; more replies follow.
        package var progress: Progress?

        package init(id: Int, result: String? = nil, error: String? = nil, progress: Progress? = nil) {
            (self.id, self.result, self.error, self.progress) = (id, result, error, progress)
        }

        /// Whether this reply ends its request.
        package var isFinal: Bool { progress == nil }
    }

    /// How far a long request has got: `done` items of `total`, when known.
    package struct Progress: Codable, Sendable, Equatable {
        package var done: Int
        package var total: Int?
        package var message: String

        package init(done: Int, total: Int? = nil, message: String) {
            (self.done, self.total, self.message) = (done, total, message)
        }
    }
}

/// How `wknd mcp` starts `wknd-mcp`: its one argument, as JSON. It holds no secret: the bridge reads the
/// credentials itself, from the same options, environment and files as `wknd mcp`.
package struct MCPLaunch: Codable, Sendable, Equatable {
    /// The version the server reports.
    package var version: String
    /// The bridge's command line: `wknd`'s path, then its arguments.
    package var bridge: [String]

    package init(version: String, bridge: [String]) {
        (self.version, self.bridge) = (version, bridge)
    }
}
