import AEMHeadless

/// One tag of a content fragment, as the Sites API sends it (`SitesRequest.tags(of:)`).
public struct FragmentTag: Sendable, Hashable {
    /// The tag's id, `<namespace>:<path>`: `wknd-shared:region/nam`.
    public let id: String
    /// The tag's title, such as `North America`.
    public let title: String?
    /// The tag's name, the last part of its path: `nam`.
    public let name: String?
    /// The tag's repository path: `/content/cq:tags/wknd-shared/region/nam`.
    public let path: String?
    /// The titles from the namespace down: `WKND Shared : Region / North America`.
    public let titlePath: String?
    /// The tag's description.
    public let description: String?
    /// The whole object as AEM sent it, with every member.
    public let json: UntypedJSON

    /// Reads a tag object, or a tag sent as its id alone; nil for anything without an id.
    init?(json: UntypedJSON) {
        guard let id = json.stringValue ?? json.text("id") else { return nil }
        self.id = id
        title = json.text("title")
        name = json.text("name")
        path = json.text("path")
        titlePath = json.text("titlePath")
        description = json.text("description")
        self.json = json
    }
}
