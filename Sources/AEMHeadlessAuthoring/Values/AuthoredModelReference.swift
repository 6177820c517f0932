import AEMHeadless

/// The model of an authored fragment, as the Sites API names it: its id (the base64url of its path), its path and
/// its name.
public struct AuthoredModelReference: Sendable, Hashable {
    /// The model's id, the base64url of its path without padding:
    /// `L2NvbmYvd2tuZC1zaGFyZWQvc2V0dGluZ3MvZGFtL2NmbS9tb2RlbHMvYWR2ZW50dXJl`; empty when AEM sent none.
    public let id: String
    /// The model's path, such as `/conf/wknd-shared/settings/dam/cfm/models/adventure`: as sent, else read from
    /// the id; nil when neither tells.
    public let path: String?
    /// The model's name, such as `adventure`: as sent, else the last part of its path.
    public let name: String?
    /// The model's title, such as `Adventure`, when AEM sent it.
    public let title: String?

    /// A reference with the given values; see each property.
    public init(id: String, path: String? = nil, name: String? = nil, title: String? = nil) {
        self.id = id
        self.path = path ?? FragmentModelReference(id: id).path
        self.name = name ?? self.path.flatMap { $0.split(separator: "/").last.map(String.init) }
        self.title = title
    }

    /// Reads `{id, path, name, title}`; a model sent as its id alone is read as that id.
    init(json: UntypedJSON?) {
        if let id = json?.stringValue {
            self.init(id: id)
        } else {
            self.init(
                id: json?.text("id") ?? "", path: json?.text("path"), name: json?.text("name"),
                title: json?.text("title"))
        }
    }
}
