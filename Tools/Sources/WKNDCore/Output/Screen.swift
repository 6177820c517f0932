import AEMHeadless
import Foundation

/// Everything `wknd` writes, on stdout and stderr, with one status line (the download progress
/// bar) kept below it on a terminal: before any text is written the status line is cleared, and
/// after it the status line is drawn again, so text and bar never share a line — whether the two
/// streams go to the same terminal or not.
package final class Screen: Sendable {
    package enum Stream: Sendable { case output, error }

    /// The process's stdout and stderr; the status line only when stderr is a terminal.
    package static let shared = Screen(showsStatus: Terminal.standardError.isTerminal) { stream, text in
        (stream == .output ? Terminal.standardOutput : Terminal.standardError).write(text)
    }

    /// Whether a status line is drawn at all: callers need not build one when it is not.
    package let showsStatus: Bool
    private let send: @Sendable (Stream, String) -> Void
    /// The status line as last drawn, nil when none is on the screen. Its lock also keeps
    /// writes whole: one caller's text and status line at a time.
    private let status = LockedValue<String?>(nil)

    /// - Parameters:
    ///   - showsStatus: whether a status line is drawn at all (stderr is a terminal).
    ///   - send: writes text as it is to a stream.
    package init(showsStatus: Bool, send: @escaping @Sendable (Stream, String) -> Void) {
        self.showsStatus = showsStatus
        self.send = send
    }

    /// Writes `text` (whole lines) to `stream`, with the status line out of its way.
    package func write(_ text: String, to stream: Stream) {
        status.withLock { status in
            guard let status else { return send(stream, text) }
            send(.error, Self.clearLine)
            send(stream, text)
            send(.error, "\r" + status + Self.clearToEnd)
        }
    }

    /// Draws `line` as the status line in place of the last one, or clears it when nil.
    package func setStatus(_ line: String?) {
        guard showsStatus else { return }
        status.withLock { status in
            if let line {
                send(.error, "\r" + line + Self.clearToEnd)
            } else if status != nil {
                send(.error, Self.clearLine)
            }
            status = line
        }
    }

    /// Back to the start of the line, and the line erased.
    package static let clearLine = "\r\u{1B}[K"
    /// Erases from the cursor to the end of the line.
    package static let clearToEnd = "\u{1B}[K"
}
