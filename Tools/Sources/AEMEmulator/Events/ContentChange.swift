/// A change the journal records: a content fragment's or an asset's.
enum ContentChange: Sendable, Equatable {
    case fragment(FragmentChange)
    case asset(AssetChange)
}
