/// Lines of Swift source with four-space indentation, ending in one newline.
struct SourceWriter {
    private(set) var lines: [String] = []
    private var depth = 0

    mutating func line(_ text: String = "") {
        lines.append(text.isEmpty ? "" : String(repeating: "    ", count: depth) + text)
    }

    /// `opening`, the body one level deeper, then `}`.
    mutating func block(_ opening: String, _ body: (inout SourceWriter) -> Void) {
        line(opening + " {")
        depth += 1
        body(&self)
        depth -= 1
        line("}")
    }

    /// The lines `body` writes, one level deeper.
    mutating func indented(_ body: (inout SourceWriter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }

    /// A doc comment, one `///` line per line of `text`.
    mutating func doc(_ text: String) {
        for part in text.split(separator: "\n", omittingEmptySubsequences: false) {
            line(part.isEmpty ? "///" : "/// " + part)
        }
    }

    var text: String {
        var lines = self.lines
        while lines.last == "" { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }
}
