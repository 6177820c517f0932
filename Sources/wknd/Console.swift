import AEMHeadless
import Foundation

/// Everything `wknd` says besides its data, on stderr: notes, warnings, `--verbose` details
/// and the one-line failure. Known secrets are masked in all of it.
struct Console: Sendable {
    var verbose: Bool
    /// Masks the texts that must never be shown, such as the password and the token.
    var scrubber = SecretScrubber([])
    /// What colour is decided by.
    var terminal: Terminal = .standardError
    /// Where lines go: stderr, out of the way of a progress bar.
    var screen: Screen = .shared

    /// A line that is always shown, such as which service is used.
    func note(_ message: String) {
        emit("wknd: " + message)
    }

    func warning(_ message: String) {
        emit("wknd: " + style("warning:", .yellow) + " " + message)
    }

    /// A line shown only with `--verbose`.
    func detail(_ message: @autoclosure () -> String) {
        guard verbose else { return }
        emit("wknd: " + style(message(), .dim))
    }

    /// The failure's line, and its details with `--verbose`.
    func report(_ failure: Failure) {
        emit("wknd: " + style("error:", .red) + " " + failure.line)
        for line in failure.details { detail(line) }
    }

    private func emit(_ line: String) {
        screen.write(scrubber.scrub(TextLayout.singleLine(line)) + "\n", to: .error)
    }

    private func style(_ text: String, _ color: ANSIStyle) -> String {
        terminal.usesColor ? color.apply(to: text) : text
    }
}
