import AEMHeadless

/// A content fragment as the author service's Sites API sends it (`/adobe/sites/cf/fragments`): its identity, its
/// model, where it stands with publication, its fields by name, and the entity tag of the version read, which every
/// change to it is sent with.
///
/// ```swift
/// let fragment = try await aem.send(.fragment(id: "6d980e6a-c9e7-444b-af43-5503c46a061c"))
/// print(fragment.title, fragment.status ?? .draft, fragment.field(named: "firstName")?.strings ?? [])
/// var edit = FragmentEdit(fragment)
/// try edit.setValues(["Ian"], forField: "firstName")
/// let changed = try await aem.send(.patch(edit))
/// ```
///
/// Change `title`, `description` or `fields` of a copy and send `SitesRequest.replace(_:)` to write the whole
/// fragment, or send only what changed with `FragmentEdit`. Either goes out with `etag`.
public struct AuthoredFragment: Sendable, Hashable {
    /// The fragment's id, a UUID; opaque to clients.
    public let id: String
    /// The repository path, such as `/content/dam/wknd-shared/en/contributors/ian-provo`.
    public let path: String
    /// The title; empty when it has none. A replace sends it.
    public var title: String
    /// The description; empty when it has none. A replace sends it.
    public var description: String
    /// The fragment's model.
    public let model: AuthoredModelReference
    /// Where it stands with the publish service; nil when AEM did not say.
    public let status: FragmentStatus?
    /// When it was created, and by whom.
    public let created: ChangeStamp?
    /// When it was last changed, and by whom.
    public let modified: ChangeStamp?
    /// When it was last published, and by whom.
    public let published: ChangeStamp?
    /// The fields, in the order AEM sent them. A replace sends them.
    public var fields: [AuthoredField]
    /// The names of the fragment's variations, in order.
    public let variationNames: [String]
    /// The ids of the fragment's tags, such as `wknd-shared:region/nam`.
    public let tagIDs: [String]
    /// The entity tag of the version read, sent with every change in `If-Match`; nil when AEM sent none, and then
    /// the fragment cannot be changed until it is read again.
    public let etag: EntityTag?
    /// The whole object as AEM sent it, with every member, such as `references` and `variations`.
    public let json: UntypedJSON

    /// Reads a fragment object of the Sites API that was read some other way; `etag` is the answer's `ETag`, and
    /// when it is nil the object's own `etag` member is used.
    /// - Throws: `DecodingError` naming where the shape is wrong (`id` or `path` missing, or not an object).
    public init(_ json: UntypedJSON, etag: EntityTag? = nil) throws {
        do {
            try self.init(json: json, etag: etag)
        } catch {
            throw error.decodingError(below: [])
        }
    }

    init(json: UntypedJSON, etag: EntityTag?) throws(JSONShapeMismatch) {
        let object = try json.requireObject(for: AuthoredFragment.self)
        id = try object.requiredString("id")
        path = try object.requiredString("path")
        title = object.text("title") ?? ""
        description = object.text("description") ?? ""
        model = AuthoredModelReference(json: object["model"])
        status = object.text("status").map(FragmentStatus.init(rawValue:))
        created = ChangeStamp(json: object["created"])
        modified = ChangeStamp(json: object["modified"])
        published = ChangeStamp(json: object["published"])
        fields = object.elements("fields").compactMap(AuthoredField.init(json:))
        variationNames = object.elements("variations").compactMap { $0.text("name") }
        tagIDs = object.elements("tags").compactMap { $0.stringValue ?? $0.text("id") }
        self.etag = etag ?? object.etagMember
        self.json = object
    }

    /// The field named `name`, or nil when the fragment has none.
    public func field(named name: String) -> AuthoredField? {
        fields.first { $0.name == name }
    }

    /// The fragment's name, the last part of its path: `ian-provo`.
    public var name: String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// Sets the values of the field named `name`, for a replace (`SitesRequest.replace(_:)`).
    /// - Throws: `AemError` `.invalidRequest` when the fragment has no such field.
    public mutating func setValues(_ values: [UntypedJSON], forField name: String) throws(AemError) {
        guard let index = fields.firstIndex(where: { $0.name == name }) else {
            throw FragmentEdit.missingField(name, in: self)
        }
        fields[index].values = values
    }

    /// The tag a change to this fragment is sent with.
    /// - Throws: `AemError` `.invalidRequest` when the fragment was read without one; nothing is sent.
    func requireTag(toChange change: String) throws(AemError) -> EntityTag {
        guard let etag else {
            throw AemError(
                .invalidRequest,
                "The content fragment at \(path) was read without an entity tag (AEM sent no ETag), and a change is sent only with the tag of the copy it is based on, so it cannot be \(change). Read it again with .fragment(id:) and change that copy; nothing was sent."
            )
        }
        return etag
    }
}
