import AEMHeadless

/// Several language copies mirrored into one store: a source per locale, paged one after the other. Each
/// fragment is stored under its own path, with its locale (`FragmentQuery.locale`, `ContentStore.fragment(slug:locales:)`).
///
/// A page's cursor is the locale's place and the inner source's cursor (`1|<cursor>`), so a run resumes in the
/// right language and each page keeps its own validators.
public struct LocalizedSyncSource: SyncSource {
    /// The locales, in the order they are mirrored, each with its source.
    let sources: [(locale: ContentLocale, source: any SyncSource)]

    /// Mirrors each locale of `locales` with the source `source(locale)` makes for it.
    public init(locales: LocaleChain, source: (ContentLocale) throws -> any SyncSource) rethrows {
        sources = try locales.locales.map { ($0, try source($0)) }
    }

    public var identity: String {
        sources.map { "\($0.locale): \($0.source.identity)" }.joined(separator: "; ")
    }

    public func page(after cursor: String?, validator: PageValidator?) async throws -> PageAnswer {
        let (index, inner) = Self.split(cursor)
        guard sources.indices.contains(index) else {
            return .page(SyncPage(items: [], nextCursor: nil, validator: nil))
        }
        switch try await sources[index].source.page(after: inner, validator: validator) {
        case .notModified:
            return .notModified
        case .page(var page):
            if let next = page.nextCursor {
                page.nextCursor = Self.join(index, next)
            } else if index + 1 < sources.count {
                page.nextCursor = Self.join(index + 1, nil)
            }
            return .page(page)
        }
    }

    public func detail(of item: SyncListItem) async throws -> SyncItemDetail? {
        let locale = ContentLocale(ofPath: item.path)
        let source = sources.first { $0.locale == locale }?.source ?? sources[0].source
        return try await source.detail(of: item)
    }

    /// The fragment read by the source of its path's locale; absent when it is in none of the locales.
    public func read(_ changed: ChangedFragment) async throws -> ChangedFragmentRead {
        let locale = ContentLocale(ofPath: changed.path)
        guard let source = sources.first(where: { $0.locale == locale })?.source else { return .absent }
        return try await source.read(changed)
    }

    /// The locale's place and the inner cursor of a page's cursor; the first page of the first locale for nil.
    static func split(_ cursor: String?) -> (index: Int, inner: String?) {
        guard let cursor, let bar = cursor.firstIndex(of: "|"), let index = Int(cursor[..<bar]) else { return (0, nil) }
        let inner = String(cursor[cursor.index(after: bar)...])
        return (index, inner.isEmpty ? nil : inner)
    }

    /// The cursor of the inner source's page after `inner` (its first page for nil) in the locale at `index`.
    static func join(_ index: Int, _ inner: String?) -> String {
        "\(index)|\(inner ?? "")"
    }
}
