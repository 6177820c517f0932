/// A locale code as AEM's language-copy folders use it: an ISO 639-1 language, and optionally a region
/// (`de`, `de-CH`, `de_ch`, `pt_BR`, `es-419`). Comparison ignores case and the separator, so the folder `en_us`
/// and the tag `en-US` are one code.
public struct LanguageCode: Hashable, Sendable, CustomStringConvertible {
    /// The language, lowercase: `de`.
    public let language: String
    /// The region, uppercase (`CH`) or three digits (`419`); nil for a language alone.
    public let region: String?

    /// Reads `text` in any of the usual forms; nil when it is not a language of ISO 639-1, optionally followed by
    /// `-` or `_` and a two-letter or three-digit region.
    public init?(_ text: some StringProtocol) {
        guard (2...6).contains(text.utf8.count) else { return nil } // `de` to `es_419`: most segments end here
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard (1...2).contains(parts.count) else { return nil }
        let language = parts[0].lowercased()
        guard ISO639.languages.contains(language) else { return nil }
        var region: String?
        if parts.count == 2 {
            let text = parts[1]
            let isLetters = text.count == 2 && text.allSatisfy { $0.isASCII && $0.isLetter }
            let isDigits = text.count == 3 && text.allSatisfy { $0.isASCII && $0.isNumber }
            guard isLetters || isDigits else { return nil }
            region = text.uppercased()
        }
        self.language = language
        self.region = region
    }

    /// The BCP 47 tag: `de-CH`.
    public var tag: String {
        region.map { "\(language)-\($0)" } ?? language
    }

    /// The name a language-copy folder has in the style of `folder`, another language folder of the same site
    /// (its separator, and its region's case); AEM's own style, `de_ch`, when there is none to follow.
    public func folderName(like folder: String? = nil) -> String {
        guard let region else { return language }
        let separator = folder?.contains("-") == true ? "-" : "_"
        let upper = folder.map { name in name.contains { $0.isUppercase } } ?? false
        return language + separator + (upper ? region : region.lowercased())
    }

    public var description: String { tag }
}
