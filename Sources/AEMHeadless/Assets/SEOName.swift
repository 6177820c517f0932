import Foundation

/// The name a delivery URL ends with (`/as/<seo-name>.<format>`), made safe from any file name: AEM takes
/// `[%.\w-]+` and gives it no meaning beyond search engines. Letters lose their accents (`ß`, `æ`, `ø`, `ł` and the
/// like are spelled out: `ss`, `ae`, `o`, `l`), anything else that is not an ASCII letter, digit, `.`, `_` or `-`
/// becomes `-` (one for a run), and the extension is dropped. The same text always gives the same name.
public struct SEOName: Sendable, Hashable, CustomStringConvertible {
    /// Never empty: `image` when nothing is left.
    public let rawValue: String

    /// The name for a file called `fileName`, without its extension (`Lofoten surf.jpg` → `Lofoten-surf`;
    /// `Côte d’Azur.png` → `Cote-d-Azur`).
    public init(fileName: String) {
        var base = fileName
        if let dot = base.lastIndex(of: "."), dot != base.startIndex,
            base[base.index(after: dot)...].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
        {
            base = String(base[..<dot])
        }
        self.init(base)
    }

    /// `text` made safe as it is, dots kept (`côte d’azur v1.2` → `cote-d-azur-v1.2`).
    public init(_ text: String) {
        let folded = text.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
        var name = ""
        for scalar in folded.unicodeScalars {
            let safe =
                scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "._-".unicodeScalars.contains(scalar))
            if safe {
                name.unicodeScalars.append(scalar)
            } else if let spelled = Self.spelledOut[scalar] {
                name += spelled
            } else if !name.hasSuffix("-") {
                name += "-"
            }
        }
        let trimmed = name.trimmingCharacters(in: CharacterSet(charactersIn: "-."))
        rawValue = trimmed.isEmpty ? "image" : trimmed
    }

    /// The name.
    public var description: String { rawValue }

    /// Latin letters that folding accents leaves as they are, as they are written in ASCII.
    private static let spelledOut: [Unicode.Scalar: String] = [
        "ß": "ss", "ẞ": "SS", "æ": "ae", "Æ": "Ae", "œ": "oe", "Œ": "Oe", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D",
        "ł": "l", "Ł": "L", "þ": "th", "Þ": "Th", "ð": "d", "Ð": "D", "ı": "i",
    ]
}
