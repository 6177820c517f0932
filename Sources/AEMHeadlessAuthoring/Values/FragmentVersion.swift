import AEMHeadless

/// A saved version of a content fragment (`SitesRequest.versionPage(of:pageSize:cursor:)`), which
/// `SitesRequest.restore(version:of:)` brings back.
public struct FragmentVersion: Sendable, Hashable {
    /// The version's id, opaque.
    public let id: String
    /// The version's number as AEM titles it, such as `1.0`.
    public let title: String?
    /// The label given when it was made.
    public let label: String?
    /// The comment given when it was made.
    public let comment: String?
    /// When it was made, as AEM wrote it (plain text here, not a stamp).
    public let created: String?
    /// Who made it.
    public let createdBy: String?
    /// The whole object as AEM sent it, with every member; only `id` for a version whose creation was answered
    /// with its location alone.
    public let json: UntypedJSON

    /// A version known by its id alone.
    init(id: String) {
        self.id = id
        title = nil
        label = nil
        comment = nil
        created = nil
        createdBy = nil
        json = ["id": .string(id)]
    }

    /// Reads `{id, title, label, comment, created, createdBy}`; `created` may also be a stamp `{at, by}`.
    init(json: UntypedJSON, id knownID: String? = nil) throws(JSONShapeMismatch) {
        let object = try json.requireObject(for: FragmentVersion.self)
        if let knownID {
            id = knownID
        } else {
            id = try object.requiredString("id")
        }
        title = object.text("title")
        label = object.text("label")
        comment = object.text("comment")
        let stamp = ChangeStamp(json: object["created"])
        created = stamp?.at
        createdBy = object.text("createdBy") ?? stamp?.by
        self.json = object
    }
}
