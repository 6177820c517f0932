/// The AEM tier a stand-in plays, for its content events and what it serves.
///
/// - `author`: edits are recorded as `aem.sites.contentFragment.created`, `.modified` and `.deleted`; every fragment
///   is served, published or not.
/// - `publish`: content reaches it by publication, so edits are recorded as `.published` (added or changed) and
///   `.unpublished` (removed), with `data.tier` `publish`; an unpublished fragment is not served.
public enum EmulatorTier: String, Sendable, CaseIterable {
    case author, publish
}
