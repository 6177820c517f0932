import AEMHeadless
import WKNDCore

/// How `wknd query` prints: JSON indented on a terminal and compact otherwise (never coloured),
/// items streamed as one array or as JSON Lines, and GraphQL errors as readable lines on stderr.
struct QueryOutput {
    var terminal = Terminal.standardOutput
    var console: Console

    private var layout: UntypedJSON.Layout { terminal.isTerminal ? .pretty : .compact }

    /// One value and a line break.
    func write(_ value: UntypedJSON) {
        terminal.write(value.jsonText(layout) + "\n")
    }

    /// Bytes exactly as they are (`--raw`).
    func writeRaw(_ bytes: [UInt8]) {
        terminal.write(String(decoding: bytes, as: UTF8.self))
    }

    /// Writes the items of every page as they arrive: one compact line each (`jsonl`), or the
    /// elements of one array. Returns whether any page had GraphQL errors.
    func stream(_ pages: QueryPages<UntypedJSON>, jsonl: Bool) async throws -> Bool {
        var hadErrors = false
        var stream = JSONItemStream(terminal: terminal, jsonLines: jsonl)
        stream.begin()
        for try await page in pages {
            report(page.result.errors, page: page.number)
            hadErrors = hadErrors || !page.result.errors.isEmpty
            stream.write(page.items)
        }
        stream.end()
        return hadErrors
    }

    /// Each GraphQL error as one line on stderr: the message, AEM's type and details, where in
    /// the answer and where in the query.
    func report(_ errors: [GraphQLError], page: Int? = nil) {
        for error in errors {
            var line = "AEM reported: \(error)"
            if let path = error.path, !path.isEmpty {
                line += " at " + path.map { $0.stringValue ?? $0.jsonText() }.joined(separator: ".")
            }
            let locations = (error.locations ?? []).compactMap { location -> String? in
                guard let line = location.line else { return nil }
                return location.column.map { "line \(line), column \($0)" } ?? "line \(line)"
            }
            if !locations.isEmpty { line += " (query \(locations.joined(separator: "; ")))" }
            if let page { line += " [page \(page)]" }
            console.report(Failure(.graphQLErrors, line))
        }
    }
}
