import AEMHeadless

extension JournalEvent {
    /// Whether the event is about a content fragment (`aem.sites.contentFragment.*`: created, modified, deleted,
    /// published, unpublished and the rest).
    var isFragmentEvent: Bool { type.hasPrefix("aem.sites.contentFragment.") }
    /// Whether the event is about an asset (`aem.assets.asset.*`).
    var isAssetEvent: Bool { type.hasPrefix("aem.assets.asset.") }
    /// Whether a mirror applies it: a content fragment's or an asset's.
    var isMirrored: Bool { isFragmentEvent || isAssetEvent }
}
