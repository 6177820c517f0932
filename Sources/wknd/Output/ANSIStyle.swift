/// The terminal text styles `wknd` uses, as ANSI SGR codes. Apply them only when
/// `Terminal.usesColor` says so.
struct ANSIStyle: Sendable, Hashable {
    let code: String

    static let bold = ANSIStyle(code: "1")
    static let dim = ANSIStyle(code: "2")
    static let italic = ANSIStyle(code: "3")
    static let underline = ANSIStyle(code: "4")
    static let red = ANSIStyle(code: "1;31")
    static let yellow = ANSIStyle(code: "33")

    static let reset = "\u{1B}[0m"

    /// The escape sequence that turns this style on.
    var start: String { "\u{1B}[\(code)m" }

    func apply(to text: String) -> String {
        text.isEmpty ? text : start + text + Self.reset
    }
}
