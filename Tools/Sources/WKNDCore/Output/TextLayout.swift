/// Measuring and fitting text in terminal columns.
package enum TextLayout {
    /// The columns `text` takes on a terminal: wide East Asian characters and emoji take two,
    /// combining marks none.
    package static func width(_ text: some StringProtocol) -> Int {
        // ASCII, nearly all that a table holds, without breaking it into characters: one column
        // for each printable byte.
        var columns = 0
        for byte in text.utf8 {
            guard byte < 0x80 else { return text.reduce(0) { $0 + width(of: $1) } }
            if byte >= 0x20 && byte != 0x7F { columns += 1 }
        }
        return columns
    }

    package static func width(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) { return 0 }
        if scalar.properties.isEmojiPresentation || isWide(scalar.value) { return 2 }
        return 1
    }

    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            true
        default:
            false
        }
    }

    /// The text with line breaks and tabs as spaces and other control characters (which could
    /// move the cursor or change colours) as U+FFFD, so text from the server is shown as text.
    package static func singleLine(_ text: String) -> String {
        // Most text has nothing to replace. 0xC2 leads U+0080 to U+00BF, which holds the C1 controls.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) else { return text }
        return String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    switch scalar.value {
                    case 0x09, 0x0A, 0x0D: " "
                    case 0..<0x20, 0x7F..<0xA0: "\u{FFFD}"
                    default: scalar
                    }
                }))
    }

    /// Like `singleLine`, but keeping line breaks.
    package static func printable(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { singleLine(String($0)) }.joined(
            separator: "\n")
    }

    /// The text cut to at most `limit` columns, ending in "…" when cut.
    package static func truncate(_ text: String, to limit: Int) -> String {
        guard width(text) > limit else { return text }
        guard limit > 0 else { return "" }
        return String(leading(text, columns: limit - 1)) + "…"
    }

    /// The text shortened to `limit` columns from its start, "…" first, so that its end shows:
    /// for paths, whose last parts name the item.
    package static func truncateKeepingEnd(_ text: String, to limit: Int) -> String {
        guard width(text) > limit else { return text }
        guard limit > 0 else { return "" }
        return "…" + String(leading(text.reversed(), columns: limit - 1).reversed())
    }

    /// The first characters of `characters` that fit in `columns`.
    private static func leading(_ characters: some Sequence<Character>, columns: Int) -> [Character] {
        var kept: [Character] = []
        var used = 0
        for character in characters {
            let width = width(of: character)
            if used + width > columns { break }
            kept.append(character)
            used += width
        }
        return kept
    }

    /// The text followed by spaces up to `columns`.
    package static func padRight(_ text: String, to columns: Int) -> String {
        text + String(repeating: " ", count: max(0, columns - width(text)))
    }

    /// The text preceded by spaces up to `columns`.
    package static func padLeft(_ text: String, to columns: Int) -> String {
        String(repeating: " ", count: max(0, columns - width(text))) + text
    }
}
