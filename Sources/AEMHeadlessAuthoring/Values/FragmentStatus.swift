/// Where a content fragment stands with the publish service, as AEM's `status` says: `NEW`, `DRAFT`, `PUBLISHED`,
/// `MODIFIED` or `UNPUBLISHED`. A value AEM adds later is kept as sent, so compare with the constants and keep a
/// default.
public struct FragmentStatus: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The status as AEM spells it, such as `PUBLISHED`.
    public let rawValue: String

    /// The status AEM spells `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Created, and never edited nor opened in the editor.
    public static let new = FragmentStatus(rawValue: "NEW")
    /// Edited or opened, and never published.
    public static let draft = FragmentStatus(rawValue: "DRAFT")
    /// Published, with no edit since.
    public static let published = FragmentStatus(rawValue: "PUBLISHED")
    /// Edited after its last publication; the publish service still serves the values published.
    public static let modified = FragmentStatus(rawValue: "MODIFIED")
    /// Taken off the publish service.
    public static let unpublished = FragmentStatus(rawValue: "UNPUBLISHED")

    /// Whether the publish service serves the fragment: published, or modified since. Such a fragment cannot be
    /// deleted until it is unpublished (or deleted with `SitesRequest.deleteAndUnpublish(_:)`).
    public var isLive: Bool { self == .published || self == .modified }

    /// The status as AEM spells it.
    public var description: String { rawValue }
}
