import AEMHeadless
import Foundation

/// A content fragment model as the Sites API sends it (`/adobe/sites/cf/models`): its identity and its fields, which
/// tell what a new fragment of the model may hold.
///
/// ```swift
/// let model = try await aem.send(.model(path: "/conf/wknd-shared/settings/dam/cfm/models/adventure"))
/// for field in model.fields { print(field.name, field.type, field.required ? "required" : "") }
/// ```
public struct FragmentModel: Sendable, Hashable {
    /// The model's id, the base64url of its path without padding.
    public let id: String
    /// The model's path, such as `/conf/wknd-shared/settings/dam/cfm/models/adventure`: as sent, else read from the
    /// id; empty when neither tells.
    public let path: String
    /// The model's name, such as `adventure`: as sent, else the last part of its path.
    public let name: String
    /// The model's title, such as `Adventure`, when AEM sent it.
    public let title: String?
    /// The model's description, when AEM sent it.
    public let description: String?
    /// Whether fragments may be made of it: `enabled`, `disabled` or `draft`; nil when AEM did not say.
    public let status: String?
    /// Whether it is locked against changes.
    public let locked: Bool?
    /// The fields, in the model's order.
    public let fields: [ModelField]
    /// The entity tag of the version read; nil when AEM sent none.
    public let etag: EntityTag?
    /// The whole object as AEM sent it, with every member.
    public let json: UntypedJSON

    /// Reads a model object of the Sites API that was read some other way; `etag` is the answer's `ETag`, and
    /// when it is nil the object's own `etag` member is used.
    /// - Throws: `DecodingError` when it is not an object or has no `id`.
    public init(_ json: UntypedJSON, etag: EntityTag? = nil) throws {
        do {
            try self.init(json: json, etag: etag)
        } catch {
            throw error.decodingError(below: [])
        }
    }

    init(json: UntypedJSON, etag: EntityTag?) throws(JSONShapeMismatch) {
        let object = try json.requireObject(for: FragmentModel.self)
        id = try object.requiredString("id")
        let path = object.text("path") ?? FragmentModelReference(id: id).path ?? ""
        self.path = path
        name = object.text("name") ?? path.split(separator: "/").last.map(String.init) ?? id
        title = object.text("title")
        description = object.text("description")
        status = object.text("status")
        locked = object.flag("locked")
        fields = object.elements("fields").compactMap(ModelField.init(json:))
        self.etag = etag ?? object.etagMember
        self.json = object
    }

    /// The field named `name`, or nil when the model has none.
    public func field(named name: String) -> ModelField? {
        fields.first { $0.name == name }
    }

    /// The id of the model at `path`: its base64url without padding, as AEM makes it.
    public static func id(forPath path: String) -> String {
        Data(path.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
