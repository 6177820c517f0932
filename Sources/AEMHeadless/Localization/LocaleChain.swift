import AEMWireFormats

/// The locales to read content in, most wanted first: `de-CH, de, en` asks for Swiss German, else German, else
/// English. Fetching with a chain returns each item in the first locale of the chain that has it, and says which
/// one answered.
///
/// ```swift
/// let chain = try LocaleChain(parsing: "de-CH,de,en")
/// let found: Localized<DeliveredFragment>? = try await chain.firstTranslation(
///     of: "/content/dam/my-site/en/articles/harbour-swim"
/// ) { copy in
///     do {
///         return try await aem.execute(.fragment(path: copy)).value
///     } catch let error as AemError where error.kind == .notFound {
///         return nil   // no such language copy: try the next locale
///     }
/// }
/// print(found?.locale.identifier ?? "none")   // de
/// ```
public struct LocaleChain: Hashable, Sendable, CustomStringConvertible {
    /// The locales, most wanted first; never empty, no locale twice.
    public let locales: [ContentLocale]

    /// A chain of `locales`; a locale named twice keeps its first place.
    /// - Throws: `AemError` of kind `.invalidRequest` when `locales` is empty.
    public init(_ locales: [ContentLocale]) throws(AemError) {
        var seen: Set<ContentLocale> = []
        let unique = locales.filter { seen.insert($0).inserted }
        guard !unique.isEmpty else {
            throw AemError(.invalidRequest, "A locale chain needs at least one locale, such as de or de-CH,de,en.")
        }
        self.locales = unique
    }

    /// A chain of the locale codes `codes` (`["de-CH", "de", "en"]`).
    /// - Throws: `AemError` of kind `.invalidRequest` for a code that is no locale, or no code at all.
    public init(_ codes: [String]) throws(AemError) {
        var locales: [ContentLocale] = []
        for code in codes { locales.append(try ContentLocale(code)) }
        try self.init(locales)
    }

    /// A chain written as a comma-separated list: `de-CH,de,en` (spaces around the commas are allowed).
    /// - Throws: `AemError` of kind `.invalidRequest` as `init(_:)` does.
    public init(parsing text: String) throws(AemError) {
        try self.init(text.split(separator: ",", omittingEmptySubsequences: false).map(String.init))
    }

    /// The most wanted locale.
    public var first: ContentLocale { locales[0] }

    /// The place of `locale` in the chain (0 for the most wanted); nil when the chain does not name it.
    package func rank(of locale: ContentLocale) -> Int? {
        locales.firstIndex(of: locale)
    }

    /// The item of `items` in the most wanted locale, with that locale; an item's locale is that of its
    /// repository path (`path(item)`). Nil when none is in a locale of the chain.
    public func preferred<Item>(_ items: [Item], path: (Item) -> String) -> Localized<Item>? {
        var best: (rank: Int, item: Item, locale: ContentLocale)?
        for item in items {
            guard let locale = ContentLocale(ofPath: path(item)), let rank = rank(of: locale) else { continue }
            if rank < best?.rank ?? Int.max { best = (rank, item, locale) }
        }
        return best.map { Localized($0.item, locale: $0.locale) }
    }

    /// One list of `lists` (one per locale of the chain, in its order) in which each item appears once, in the
    /// most wanted locale that has it: two items are one when their paths differ only in the language folder.
    /// The order is that of the last locale's list (usually the most complete), then what only the others hold.
    public func merged<Item>(_ lists: [[Item]], path: (Item) -> String) -> [Localized<Item>] {
        var order: [String] = []
        var chosen: [String: (rank: Int, value: Localized<Item>)] = [:]
        for (rank, list) in lists.enumerated().reversed() {
            for item in list {
                let itemPath = path(item)
                let copy = LanguageCopyPath(itemPath)
                let key = copy?.languageIndependentKey ?? itemPath
                let locale = copy.map { ContentLocale(code: $0.language) } ?? locales[min(rank, locales.count - 1)]
                if chosen[key] == nil { order.append(key) }
                if rank <= chosen[key]?.rank ?? Int.max { chosen[key] = (rank, Localized(item, locale: locale)) }
            }
        }
        return order.compactMap { chosen[$0]?.value }
    }

    /// The codes, comma-separated: `de-CH,de,en`.
    public var description: String {
        locales.map(\.identifier).joined(separator: ",")
    }
}

extension LocaleChain {
    /// Reads the item at the repository `path` in the first locale of the chain that has it: `read` is called
    /// with the item's path in each locale's language copy in turn (`ContentLocale.languageCopy(of:)`) until it
    /// returns a value; nil from `read` means that copy does not exist.
    /// - Returns: the value with the locale that answered, or nil when no locale of the chain has it.
    /// - Throws: `AemError` of kind `.invalidRequest` when `path` is in no language copy (no folder of it is named
    ///   by a locale code); what `read` throws.
    public func firstTranslation<Value>(
        of path: String, _ read: (String) async throws -> Value?
    ) async throws -> Localized<Value>? {
        for locale in locales {
            guard let copy = locale.languageCopy(of: path) else {
                throw AemError(
                    .invalidRequest,
                    "\(path) is in no language copy: none of its folders is named by a locale code (such as /en/ or /de_ch/)."
                )
            }
            if let value = try await read(copy) { return Localized(value, locale: locale) }
        }
        return nil
    }
}
