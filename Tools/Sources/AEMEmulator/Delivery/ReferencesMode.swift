/// How much of a fragment's references a Get answer carries: the `references` query parameter.
enum ReferencesMode: String, Sendable {
    /// Neither `references` nor `referencesTree`.
    case none
    /// The fragment's own references, referenced fragments as `{id, path}`.
    case direct
    /// The fragment's own references, referenced fragments in full.
    case directHydrated = "direct-hydrated"
    /// References of references too, up to ``DeliveryRules/maximumDepth``, referenced fragments as `{id, path}`.
    case all
    /// References of references too, up to ``DeliveryRules/maximumDepth``, referenced fragments in full.
    case allHydrated = "all-hydrated"

    /// The deepest level of references listed: 0 for none, 1 for the fragment's own.
    var maximumLevel: Int {
        switch self {
        case .none: 0
        case .direct, .directHydrated: 1
        case .all, .allHydrated: DeliveryRules.maximumDepth
        }
    }

    /// Whether a referenced fragment's value is its whole core rather than `{id, path}`.
    var isHydrated: Bool {
        self == .directHydrated || self == .allHydrated
    }
}
