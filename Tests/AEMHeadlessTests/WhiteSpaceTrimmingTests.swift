import Foundation
import Testing

@testable import AEMHeadless

@Suite("trimmingWhiteSpace: header values and image paths without their surrounding spaces")
struct WhiteSpaceTrimmingTests {
    /// Every kind of white space Foundation trims, and characters it keeps.
    private static let spaces = [" ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{2003}", "\u{3000}"]
    private static let others = ["a", "/", "%20", "é", "e\u{301}", "\u{1F3C4}", "-"]

    @Test("gives what trimmingCharacters(in: .whitespacesAndNewlines) gives")
    func matchesFoundation() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Self.spaces + Self.others
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 0...8, using: &generator))
                .map { _ in alphabet.randomElement(using: &generator) ?? "" }.joined()
            let expected = text.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(text.trimmingWhiteSpace == expected, "\(Array(text.unicodeScalars))")
            let slice = text.dropFirst()
            #expect(slice.trimmingWhiteSpace == slice.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    @Test("keeps inner space; all space or nothing gives the empty string")
    func edges() {
        #expect("  max-age = 60 \t".trimmingWhiteSpace == "max-age = 60")
        #expect(" \n\u{3000} ".trimmingWhiteSpace == "")
        #expect("\u{200B}/a b\u{200B}".trimmingWhiteSpace == "/a b", "zero-width spaces, as Foundation on Linux")
        #expect("".trimmingWhiteSpace == "")
        #expect("[::1]".trimmingScalars { $0 == "[" || $0 == "]" } == "::1")
    }
}
