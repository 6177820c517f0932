import AEMHeadless
import Foundation

/// One fragment of a synced folder, as the store keeps it.
public struct StoredFragment: Sendable, Hashable {
    /// The fragment's `_path` in AEM when it was last seen.
    public var path: String
    /// The slug, which identifies it across moves; for a fragment of the delivery API
    /// (`FragmentSyncSource`), its id.
    public var slug: String?
    /// The model, such as `Adventure`; for a fragment of the delivery API, its model's name
    /// (`adventure`).
    public var model: String?
    /// The JSON as AEM sent it: members in AEM's order, numbers as AEM wrote them, no white space.
    /// For an adventure, the `adventureByPath` object: `{"item": …, "_references": […]}`; for a
    /// fragment of the delivery API, the object `GET /adobe/contentFragments/{id}?references=all-hydrated` sent.
    public var json: Data
    /// The SHA-256 of `json`, in hex.
    var contentHash: String
    /// When a sync last found it.
    public var lastSeen: Date
    /// When a sync last found it different (or first found it).
    public var lastChanged: Date

    /// The locale of the language copy the fragment is in (`/content/dam/site/de/…` is `de`); nil when no
    /// folder of its path is named by a locale code.
    public var locale: ContentLocale? { ContentLocale(ofPath: path) }
}
