import Foundation

/// One fragment as the author tier holds it: its current content, where it stands with publish, what publish and
/// preview serve of it, and its versions. The unit the author log writes and the entity tag is computed from.
struct AuthorRecord: Sendable {
    /// The content authors see and edit.
    var fragment: ContentFragment
    var status: FragmentStatus
    /// Counts every write and every completed publish or unpublish: part of the entity tag, so that each changes it.
    var revision: Int
    var created: Stamp
    var modified: Stamp
    /// The last completed publish; kept after an unpublish.
    var published: Stamp?
    /// What the publish tier serves: the content as it was published; nil when it is not on publish.
    var live: ContentFragment?
    /// What the preview tier serves: the content as it was last published to preview; nil when it is not on preview.
    /// Its own flag, beside ``status`` (which tracks publish only).
    var preview: ContentFragment?
    var versions: [Version] = []

    /// When and by whom.
    struct Stamp: Sendable, Codable, Equatable {
        var at: Date
        var by: String
    }

    /// A saved version of the content.
    struct Version: Sendable {
        var id: String
        var title: String
        var label: String?
        var comment: String?
        var created: Stamp
        var content: ContentFragment
    }

    /// The strong entity tag of this state (``AuthorRules/entityTag(of:)``).
    var entityTag: String {
        AuthorRules.entityTag(of: [
            fragment.path, fragment.uuid, String(revision), status.rawValue,
            String(published?.at.timeIntervalSince1970 ?? 0), fragment.tags.joined(separator: ","),
        ])
    }

    /// Whether preview serves the fragment as publish does (both not at all, or the same content).
    var previewServesPublished: Bool {
        switch (preview, live) {
        case (nil, nil): true
        case (let preview?, let live?): preview.hasSameContent(as: live) && preview.lastModified == live.lastModified
        default: false
        }
    }

    /// The entity tag of the fragment's tag list, a resource of its own (§4.6.9).
    var tagListEntityTag: String {
        AuthorRules.entityTag(of: ["tags", fragment.uuid] + fragment.tags)
    }

    /// A fragment of the loaded package: published as it is, to publish and preview, as every fragment of the package
    /// starts.
    init(loaded fragment: ContentFragment, at date: Date) {
        let stamp = Stamp(at: fragment.lastModified ?? fragment.created ?? date, by: "admin")
        self.fragment = fragment
        status = .published
        revision = 0
        created = Stamp(at: fragment.created ?? stamp.at, by: "admin")
        modified = stamp
        published = stamp
        live = fragment
        preview = fragment
    }

    init(
        fragment: ContentFragment, status: FragmentStatus, revision: Int, created: Stamp, modified: Stamp,
        published: Stamp?, live: ContentFragment?, preview: ContentFragment?, versions: [Version]
    ) {
        self.fragment = fragment
        self.status = status
        self.revision = revision
        self.created = created
        self.modified = modified
        self.published = published
        self.live = live
        self.preview = preview
        self.versions = versions
    }
}
