import AEMWireFormats
import GraphQL

/// The `_locale` argument of a list or paginated query: only the fragments of that language copy, the ones beneath a
/// folder named by the locale code (`_locale: "de"` keeps `/content/dam/wknd-shared/de/…`). The code is compared
/// ignoring case and the separator (`de_ch`, `de-CH`); a value that is no locale code matches nothing. [INF] An empty
/// value filters nothing, and a fragment's language is its nearest language folder (aem-openapi.md: locale is only a
/// path convention); both are the emulator's reading of AEM, kept here so a recording can correct them.
struct LocaleArgument: Sendable {
    private let code: LanguageCode?

    /// The argument `_locale` of `arguments`, or nil when it is absent, null or empty.
    init?(_ arguments: Map) {
        guard let text = arguments.argumentText("_locale"), !text.isEmpty else { return nil }
        code = LanguageCode(text)
    }

    /// Whether a fragment in the language copy of `language` (nil: none) is kept.
    func matches(_ language: LanguageCode?) -> Bool {
        code != nil && language == code
    }

    /// The language of the copy `fragment` is in, as its `_locale` system field gives it: the folder's name.
    static func folderName(of fragment: ContentFragment) -> String? {
        LanguageCopyPath(fragment.path)?.folderName
    }

    /// The language copy `fragment` is in.
    static func language(of fragment: ContentFragment) -> LanguageCode? {
        LanguageCopyPath(fragment.path)?.language
    }
}
