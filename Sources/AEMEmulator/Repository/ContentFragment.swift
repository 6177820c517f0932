import Foundation

/// A Content Fragment: a `dam:Asset` whose `jcr:content` has `contentFragment="{Boolean}true"` (aem-platform.md §1).
struct ContentFragment: Sendable {
    /// The repository path (`/content/dam/wknd-shared/en/adventures/bali-surf-camp/bali-surf-camp`), its `_path`.
    let path: String
    /// `jcr:uuid`, its `_id`; cursors and the default order of paginated queries use it.
    let uuid: String
    /// `data/@cq:model`: the path of its ``FragmentModel``.
    let modelPath: String
    /// `jcr:content/@jcr:title`.
    let title: String?
    /// `jcr:content/@jcr:lastModified`.
    let lastModified: Date?
    /// `jcr:content/metadata/@cq:tags`.
    let tags: [String]
    /// `data/master`: field name to value. A missing name means no value (`null`). `<field>@ContentType` siblings
    /// are kept under their own names (`description@ContentType`); other `@` bookkeeping is dropped.
    let master: [String: JCRValue]
    /// The other children of `data`: variation name to its values, in document order.
    let variations: [(name: String, values: [String: JCRValue])]

    /// The values of `variation`, or of the master when it is `nil`, `"master"` or not a variation of this fragment.
    func values(variation: String?) -> [String: JCRValue] {
        guard let variation, variation != "master" else { return master }
        return variations.first { $0.name == variation }?.values ?? master
    }
}
