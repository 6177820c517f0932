/// The error bodies AEM's GraphQL servlets answer with, as real services send them: each
/// `{"errors":[{"errorType", "message", "details"}]}`, or a GraphQL error whose `extensions.classification` names its
/// kind. Where AEM's answer is not known, the choice is marked.
enum AEMErrorBodies {
    /// An unknown persisted query: 404 with AEM's `PersistenceError`,
    /// `Configuration: 'wknd' and Query Name: 'adventures-all' does not resolve to an existing Persistent Query`.
    static func persistedQueryNotFound(configuration: String, name: String) -> OrderedJSON {
        servletError(
            type: "PersistenceError", message: "Could not find Persisted Query",
            details:
                "Configuration: '\(configuration)' and Query Name: '\(name)' does not resolve to an existing Persistent Query"
        )
    }

    /// The status of ``persistedQueryNotFound(configuration:name:)``.
    static let persistedQueryNotFoundStatus = 404

    /// A configuration without a GraphQL endpoint (no models, so no schema): AEM's `ServletError`
    /// `Internal Servlet Failure`, `No suitable endpoint found.`.
    static let noSuitableEndpoint = servletError(
        type: "ServletError", message: "Internal Servlet Failure", details: "No suitable endpoint found.")

    /// Stand-in choice: the status of ``noSuitableEndpoint`` is 404, as AEM's documentation gives it (the recorded
    /// body comes without its status).
    static let noSuitableEndpointStatus = 404

    /// `{"errors":[{"errorType", "message", "details"}]}`.
    static func servletError(type: String, message: String, details: String) -> OrderedJSON {
        .object([
            (
                "errors",
                .array([
                    .object([
                        ("errorType", .string(type)), ("message", .string(message)), ("details", .string(details)),
                    ])
                ])
            )
        ])
    }

    /// graphql-java's message for a query that does not parse: `Invalid Syntax : offending token '"data"' at line 2
    /// column 3`, the token being the one at the place the parser stopped in `text` (stand-in choice: read up to the
    /// next space or punctuator, or the whole string literal).
    static func invalidSyntaxMessage(in text: String, line: Int, column: Int) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var token = "<EOF>"
        if line >= 1, line <= lines.count {
            let rest = lines[line - 1].dropFirst(max(0, column - 1))
            if rest.first == "\"" {
                let body = rest.dropFirst()
                token = body.firstIndex(of: "\"").map { String(rest[...$0]) } ?? String(rest)
            } else if let first = rest.first {
                let punctuators: Set<Character> = ["{", "}", "(", ")", "[", "]", ":", "=", "@", "$", "!", "|", ","]
                token =
                    punctuators.contains(first)
                    ? String(first) : String(rest.prefix { !$0.isWhitespace && !punctuators.contains($0) })
            }
        }
        return "Invalid Syntax : offending token '\(token)' at line \(line) column \(column)"
    }
}
