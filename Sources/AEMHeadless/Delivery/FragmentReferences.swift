/// How much of what a fragment references comes with it from the delivery API (the
/// `references` query parameter of `GET /adobe/contentFragments/{id}`).
public enum FragmentReferences: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// No `references` and no `referencesTree`: the fragment alone.
    case none
    /// What the fragment's own fields reference, each fragment as its id and path only.
    case direct
    /// What the fragment's own fields reference, each fragment with all its fields.
    case directHydrated = "direct-hydrated"
    /// Everything reachable through reference fields, down to AEM's maximum depth, each fragment
    /// as its id and path only.
    case all
    /// Everything reachable through reference fields, each fragment with all its fields.
    case allHydrated = "all-hydrated"

    /// The parameter's value as AEM spells it: `direct-hydrated`.
    public var description: String { rawValue }
}
