import AEMHeadless
import WKNDCore

/// Items written as they arrive: the elements of one JSON array (indented on a terminal,
/// compact in a pipe), or one compact line each (JSON Lines).
struct JSONItemStream {
    var terminal = Terminal.standardOutput
    var jsonLines: Bool
    private(set) var count = 0

    init(terminal: Terminal = .standardOutput, jsonLines: Bool) {
        self.terminal = terminal
        self.jsonLines = jsonLines
    }

    private var layout: UntypedJSON.Layout { terminal.isTerminal ? .pretty : .compact }

    /// Opens the array.
    func begin() {
        if !jsonLines { terminal.write("[") }
    }

    /// Writes a batch of items, such as one page's.
    mutating func write(_ items: [UntypedJSON]) {
        var text = ""
        for item in items {
            if jsonLines {
                text += item.jsonText(.compact) + "\n"
            } else {
                text += count == 0 ? "" : ","
                text +=
                    layout == .compact
                    ? item.jsonText(.compact)
                    // Strings hold no raw line break, so every "\n" is layout: indent it one level more.
                    : "\n  " + item.jsonText(layout).replacingOccurrences(of: "\n", with: "\n  ")
            }
            count += 1
        }
        if !text.isEmpty { terminal.write(text) }
    }

    /// Closes the array.
    func end() {
        if !jsonLines { terminal.write(count > 0 && layout != .compact ? "\n]\n" : "]\n") }
    }
}
