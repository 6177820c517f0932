import AEMWireFormats

/// A locale of translated content: a language (ISO 639-1), optionally with a region, as AEM names its
/// language-copy folders (`/content/dam/wknd-shared/de/…`, `…/de_ch/…`) and as its GraphQL `_locale` argument
/// takes it.
///
/// Made from any of the usual spellings (`de-CH`, `de_CH`, `de_ch`, `de`); two spellings of one locale are equal.
/// ```swift
/// let swiss = try ContentLocale("de_CH")     // de-CH
/// swiss.languageCopy(of: "/content/dam/wknd-shared/en/adventures/x/x")
/// // "/content/dam/wknd-shared/de_ch/adventures/x/x"
/// ```
public struct ContentLocale: Hashable, Sendable, CustomStringConvertible {
    let code: LanguageCode

    /// Reads `text`.
    /// - Throws: `AemError` of kind `.invalidRequest` when it is not a locale code.
    public init(_ text: String) throws(AemError) {
        guard let code = LanguageCode(text.trimmingWhiteSpace) else {
            throw AemError(
                .invalidRequest,
                "\"\(text)\" is not a locale code: a two-letter language (ISO 639-1), optionally with a region, such as de, de-CH or de_CH."
            )
        }
        self.code = code
    }

    init(code: LanguageCode) {
        self.code = code
    }

    /// The locale of the language copy the repository path `path` is in, from its nearest folder named by a
    /// locale code; nil when no folder of the path is named by one.
    public init?(ofPath path: String) {
        guard let copy = LanguageCopyPath(path) else { return nil }
        code = copy.language
    }

    /// The language, lowercase: `de`.
    public var language: String { code.language }

    /// The region, uppercase or three digits (`CH`, `419`); nil for a language alone.
    public var region: String? { code.region }

    /// The BCP 47 tag: `de-CH`.
    public var identifier: String { code.tag }

    /// The value for AEM's `_locale` argument and a language-copy folder's name: `de`, `de_ch`.
    public var aemCode: String { code.folderName() }

    /// `path` in this locale's language copy: its language folder replaced by this locale's, named in the
    /// same style (`en_us` → `de_ch`, `en-US` → `de-CH`). Nil when `path` is in no language copy.
    public func languageCopy(of path: String) -> String? {
        LanguageCopyPath(path)?.path(in: code)
    }

    /// The folder of this locale's language copy for the DAM folder `folder`: its language folder replaced
    /// when it is in a language copy (`/content/dam/wknd-shared/en/adventures` → `…/de/adventures`), else the
    /// sub-folder named by this locale (`/content/dam/wknd-shared` → `/content/dam/wknd-shared/de`).
    public func languageCopyFolder(of folder: String) -> String {
        languageCopy(of: folder) ?? (folder.hasSuffix("/") ? folder : folder + "/") + aemCode
    }

    /// The identifier.
    public var description: String { identifier }
}
