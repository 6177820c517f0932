import AEMHeadless
import Foundation
import GRDB

/// A mirror of several language copies, read in the locales of a chain (`wknd sync DIR --locale de,en`).
extension ContentStore {
    /// The fragments of `locale`'s language copy, ordered by path.
    func fragments(locale: ContentLocale) throws -> [StoredFragment] {
        try requireLocaleColumn()
        return try fragments(sql: "SELECT * FROM fragment WHERE locale = ? ORDER BY path, id", [locale.identifier])
    }

    /// The fragment with this slug in the first locale of `locales` that has it, with that locale; nil when
    /// none has it.
    public func fragment(slug: String, locales: LocaleChain) throws -> Localized<StoredFragment>? {
        let copies = try fragments(sql: "SELECT * FROM fragment WHERE slug = ? ORDER BY path, id", [slug])
        return locales.preferred(copies) { $0.path }
    }
}
