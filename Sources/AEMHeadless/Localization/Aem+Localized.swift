/// Reading content fragments in the first locale of a chain that has them, with the REST delivery API.
extension Aem {
    /// The fragment at the repository `path` in the first locale of `locales` that has it: the fragment's
    /// language copies are asked in turn (`/content/dam/site/de/…`, then `/content/dam/site/en/…`) until one
    /// exists.
    /// - Returns: the fragment with the locale that answered, or nil when no locale of the chain has it.
    /// - Throws: `AemError` (`.invalidRequest` when `path` is in no language copy; any failure other than a
    ///   missing copy), or `CancellationError`.
    public func fragment(
        path: String, locales: LocaleChain, references: FragmentReferences = .none
    ) async throws -> Localized<DeliveredFragment>? {
        try await locales.firstTranslation(of: path) { copy in
            do {
                return try await fragment(path: copy, references: references)
            } catch let error as AemError where error.kind == .notFound {
                return nil
            }
        }
    }
}
