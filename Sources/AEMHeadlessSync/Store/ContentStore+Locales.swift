import AEMHeadless
import Foundation
import GRDB

/// A mirror of several language copies, read in the locales of a chain (`wknd sync DIR --locale de,en`).
extension ContentStore {
    /// The fragments of `locale`'s language copy, ordered by path.
    public func fragments(locale: ContentLocale) throws -> [StoredFragment] {
        try requireLocaleColumn()
        return try fragments(sql: "SELECT * FROM fragment WHERE locale = ? ORDER BY path, id", [locale.identifier])
    }

    /// The fragment with this slug in the first locale of `locales` that has it, with that locale; nil when
    /// none has it.
    public func fragment(slug: String, locales: LocaleChain) throws -> Localized<StoredFragment>? {
        let copies = try fragments(sql: "SELECT * FROM fragment WHERE slug = ? ORDER BY path, id", [slug])
        return locales.preferred(copies) { $0.path }
    }

    /// The adventure with this slug and its references, in the first locale of `locales` that has it.
    public func adventure(slug: String, locales: LocaleChain) throws -> Localized<AdventureDetail>? {
        guard let found = try fragment(slug: slug, locales: locales) else { return nil }
        return Localized(try detail(of: found.value), locale: found.locale)
    }

    /// Every adventure once, in the first locale of `locales` that has it (copies are matched by their paths,
    /// which differ only in the language folder), in the order of the last locale's copies by path.
    public func adventures(locales: LocaleChain) throws -> [Localized<Adventure>] {
        let lists = try locales.locales.map { locale in
            try fragments(locale: locale).compactMap { stored -> Adventure? in
                try? Self.detail(from: stored.json).adventure
            }
        }
        return locales.merged(lists) { $0.path ?? "" }
    }
}
