/// Where a repository path's language copy is named: AEM keeps translated content in sibling folders named by
/// locale code (`/content/dam/wknd-shared/en/…`, `/content/dam/wknd-shared/de/…`), and the nearest such folder
/// names the language of everything beneath it.
public struct LanguageCopyPath: Hashable, Sendable {
    /// The path's segments.
    private let segments: [Substring]
    /// The position in `segments` of the segment that names the language.
    private let languageIndex: Int
    /// The language that segment names.
    public let language: LanguageCode

    /// The language copy `path` is in: the deepest segment of `path` (the path itself included, so a language
    /// folder is in its own language) that is a locale code; nil when no segment is one.
    public init?(_ path: String) {
        // Split by bytes (`/` is ASCII): a sync reads the locale of every path it stores.
        let segments = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map(
            Substring.init)
        for index in segments.indices.reversed() {
            if let code = LanguageCode(segments[index]) {
                self.segments = segments
                self.languageIndex = index
                self.language = code
                return
            }
        }
        return nil
    }

    /// The folder's name as the path spells it: `en_us`.
    public var folderName: String {
        String(segments[languageIndex])
    }

    /// The path of the language folder itself: `/content/dam/wknd-shared/en`.
    public var languageRoot: String {
        segments[...languageIndex].joined(separator: "/")
    }

    /// The path with the language segment left out, the same for every language copy of one item: two paths
    /// are copies of each other when their keys are equal.
    public var languageIndependentKey: String {
        (segments[..<languageIndex] + ["*"] + segments[(languageIndex + 1)...]).joined(separator: "/")
    }

    /// The same path in the language copy for `code`, its folder named in this path's style.
    public func path(in code: LanguageCode) -> String {
        var copy = segments
        copy[languageIndex] = Substring(code.folderName(like: folderName))
        return copy.joined(separator: "/")
    }
}
