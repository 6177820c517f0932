/// A fragment's status on author (aem-openapi.md §4.6.6): where it stands with the publish tier.
enum FragmentStatus: String, Sendable, Codable, CaseIterable {
    /// Created; never edited nor opened in the editor.
    case new = "NEW"
    /// Edited; never published.
    case draft = "DRAFT"
    /// Published, with no edit since.
    case published = "PUBLISHED"
    /// Edited after its last publish, the edit not yet published.
    case modified = "MODIFIED"
    /// Taken off publish.
    case unpublished = "UNPUBLISHED"

    /// Whether the publish tier serves the fragment.
    var isLive: Bool { self == .published || self == .modified }
}
