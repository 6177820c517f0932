/// The terminal text styles `wknd` uses, as ANSI SGR codes. Apply them only when
/// `Terminal.usesColor` says so.
package struct ANSIStyle: Sendable, Hashable {
    package let code: String

    package static let bold = ANSIStyle(code: "1")
    package static let dim = ANSIStyle(code: "2")
    package static let italic = ANSIStyle(code: "3")
    package static let underline = ANSIStyle(code: "4")
    package static let red = ANSIStyle(code: "1;31")
    package static let yellow = ANSIStyle(code: "33")

    package static let reset = "\u{1B}[0m"

    /// The escape sequence that turns this style on.
    package var start: String { "\u{1B}[\(code)m" }

    package func apply(to text: String) -> String {
        text.isEmpty ? text : start + text + Self.reset
    }
}
