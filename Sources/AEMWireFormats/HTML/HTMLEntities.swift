/// Decoding of HTML character references (`&amp;`, `&nbsp;`, `&#8217;`, `&#x2013;`) in stored rich text.
enum HTMLEntities {
    /// The named references rich-text editors write; others stay as they are.
    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}", "ndash": "\u{2013}",
        "mdash": "\u{2014}", "lsquo": "\u{2018}", "rsquo": "\u{2019}", "ldquo": "\u{201C}", "rdquo": "\u{201D}",
        "hellip": "\u{2026}", "copy": "\u{00A9}", "reg": "\u{00AE}", "trade": "\u{2122}", "euro": "\u{20AC}",
        "pound": "\u{00A3}", "yen": "\u{00A5}", "cent": "\u{00A2}", "deg": "\u{00B0}", "times": "\u{00D7}",
        "middot": "\u{00B7}", "bull": "\u{2022}", "shy": "\u{00AD}", "laquo": "\u{00AB}", "raquo": "\u{00BB}",
        "eacute": "é", "egrave": "è", "agrave": "à", "aacute": "á", "uuml": "ü", "ouml": "ö", "auml": "ä",
        "szlig": "ß", "ccedil": "ç", "ntilde": "ñ",
    ]

    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            guard character == "&", let semicolon = text[index...].prefix(12).firstIndex(of: ";") else {
                result.append(character)
                index = text.index(after: index)
                continue
            }
            let name = text[text.index(after: index)..<semicolon]
            if let replacement = reference(name) {
                result += replacement
                index = text.index(after: semicolon)
            } else {
                result.append(character)
                index = text.index(after: index)
            }
        }
        return result
    }

    private static func reference(_ name: Substring) -> String? {
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value =
                digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
            return String(Character(scalar))
        }
        return named[String(name)]
    }
}
