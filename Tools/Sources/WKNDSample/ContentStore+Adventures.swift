import AEMHeadless
import AEMHeadlessSync
import Foundation

/// The adventures of a mirror of the WKND sample (`AdventureSyncSource`), or of a query mirror of adventures.
extension ContentStore {
    /// Every adventure, ordered by path, as `aem.adventures()` returns them (with every field).
    /// A stored fragment that does not decode as an adventure is skipped.
    public func adventures() throws -> [Adventure] {
        try fragments().compactMap { try? Self.detail(from: $0.json).adventure }
    }

    /// The adventure with this slug and its references, as `aem.adventure(slug:)` returns it;
    /// nil when the store has none.
    ///
    /// - Throws: `SyncError.storage` when the store cannot be read, or the adventure stored is damaged.
    public func adventure(slug: String) throws -> AdventureDetail? {
        guard let fragment = try fragment(slug: slug) else { return nil }
        return try detail(of: fragment)
    }

    /// The adventures `query` selects, as `adventures()` returns them (from an adventure mirror, or the items of a
    /// query mirror of adventures).
    public func adventures(matching query: FragmentQuery) throws -> [Adventure] {
        try fragments(matching: query).compactMap { try? Self.detail(from: $0.json).adventure }
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
            try fragments(matching: FragmentQuery(locale: locale)).compactMap { stored -> Adventure? in
                try? Self.detail(from: stored.json).adventure
            }
        }
        return locales.merged(lists) { $0.path ?? "" }
    }

    /// `detail(from:)` of a stored fragment asked for by name, its failure to read the error that says how to repair it.
    func detail(of fragment: StoredFragment) throws -> AdventureDetail {
        if let detail = try? Self.detail(from: fragment.json) { return detail }
        return try decode(AdventureDetail.self, fragment)
    }

    /// An adventure as stored: an adventure mirror keeps `{"item": …, "_references": …}`; a query mirror keeps each
    /// item as the query returned it (identified by its `_path`), which is then the adventure, without references.
    static func detail(from json: Data) throws -> AdventureDetail {
        let decoder = JSONDecoder()
        do {
            return try decoder.decode(AdventureDetail.self, from: json)
        } catch {
            guard (try? UntypedJSON(parsing: json))?["_path"]?.stringValue != nil else { throw error }
            return AdventureDetail(adventure: try decoder.decode(Adventure.self, from: json))
        }
    }
}
