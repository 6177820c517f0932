import AEMHeadless
import Foundation

/// Everything `wknd` says besides its data, on stderr: notes, warnings, `--verbose` details
/// and the one-line failure. Known secrets are masked in all of it.
package struct Console: Sendable {
    package var verbose: Bool
    /// Masks the texts that must never be shown, such as the password and the token.
    package var scrubber = SecretScrubber([])
    /// What colour is decided by.
    package var terminal: Terminal = .standardError
    /// Where lines go: stderr, out of the way of a progress bar.
    package var screen: Screen = .shared

    /// A console that shows `--verbose` details when `verbose`.
    package init(verbose: Bool) {
        self.verbose = verbose
    }

    /// A line that is always shown, such as which service is used.
    package func note(_ message: String) {
        emit(message)
    }

    package func warning(_ message: String) {
        emit(message, label: ("warning:", .yellow))
    }

    /// A line shown only with `--verbose`.
    package func detail(_ message: @autoclosure () -> String) {
        guard verbose else { return }
        emit(message(), color: .dim)
    }

    /// The failure's line, and its details with `--verbose`.
    package func report(_ failure: Failure) {
        emit(failure.line, label: ("error:", .red))
        for line in failure.details { detail(line) }
    }

    /// Writes `wknd: [label] message` as one line: the message made printable and scrubbed of
    /// secrets first, then coloured, so that the colour's own escape codes survive.
    private func emit(_ message: String, label: (text: String, color: ANSIStyle)? = nil, color: ANSIStyle? = nil) {
        var text = scrubber.scrub(TextLayout.singleLine(message))
        if let color { text = style(text, color) }
        if let label { text = style(label.text, label.color) + " " + text }
        screen.write("wknd: " + text + "\n", to: .error)
    }

    private func style(_ text: String, _ color: ANSIStyle) -> String {
        terminal.usesColor ? color.apply(to: text) : text
    }
}
