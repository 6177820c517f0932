import Foundation

/// A fragment in the delivery API's shape (aem-openapi.md §2.3): its core object
/// `{id, path, name, title, description, model: {id}, fields}` and the references its fields make.
struct DeliveryFragment {
    /// The members of the core object, in order.
    let members: [(String, OrderedJSON)]
    let references: [FieldReference]

    /// The core object.
    var core: OrderedJSON { .object(members) }

    init(_ fragment: ContentFragment, index: DeliveryIndex) {
        let (fields, references) = FieldEncoding(index: index).fields(
            fragment.master, of: index.models[fragment.modelPath])
        members = [
            ("id", .string(fragment.uuid)),
            ("path", .string(fragment.path)),
            ("name", .string("")),
            ("title", .string(fragment.title ?? "")),
            ("description", .string(fragment.description ?? "")),
            ("model", .object([("id", .string(Self.modelID(fragment.modelPath)))])),
            ("fields", fields),
        ]
        self.references = references
    }

    /// A model's id: its path in base64url without padding.
    static func modelID(_ modelPath: String) -> String {
        Base64URL.encode(Data(modelPath.utf8))
    }
}
