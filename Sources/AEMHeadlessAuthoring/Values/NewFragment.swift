import AEMHeadless

/// A content fragment to create in a folder (`SitesRequest.create(_:)`): its title, model, folder and first values.
///
/// Made from the model that was read, it checks each field's name against the model and takes the field's type
/// from it, so that a misspelt name fails before anything is sent:
///
/// ```swift
/// let model = try await aem.send(.model(path: "/conf/wknd-shared/settings/dam/cfm/models/adventure"))
/// var new = NewFragment(title: "Bali Surf Camp", model: model, parentPath: "/content/dam/wknd-shared/en/adventures")
/// try new.setValues(["Surfing"], forField: "activity")
/// let created = try await aem.send(.create(new))
/// ```
public struct NewFragment: Sendable, Hashable {
    /// The title.
    public var title: String
    /// The name in the folder, the last part of its path; nil lets AEM make one from the title.
    public var name: String?
    /// The description; nil for none.
    public var description: String?
    /// The id of the model, the base64url of its path (`FragmentModel.id(forPath:)`).
    public var modelID: String
    /// The folder it is created in, under `/content/dam/`.
    public var parentPath: String
    /// The fields given values, in order; the model's other fields start empty.
    public var fields: [Field]
    /// The model's fields, when it was made from the model: names are checked against them.
    private let modelFields: [ModelField]?

    /// One field of a new fragment: its name and values, and, when known, its type and whether it holds several
    /// values (AEM takes them from the model when they are left out).
    public struct Field: Sendable, Hashable {
        /// The field's name in the model.
        public var name: String
        /// The field's type, such as `text`; nil to leave it out.
        public var type: String?
        /// Whether it holds several values; nil to leave it out.
        public var multiple: Bool?
        /// The values, always a list: one element for a single-valued field.
        public var values: [UntypedJSON]

        /// A field with the given values; see each property.
        public init(name: String, type: String? = nil, multiple: Bool? = nil, values: [UntypedJSON]) {
            self.name = name
            self.type = type
            self.multiple = multiple
            self.values = values
        }

        /// `{name, type, multiple, values}`, those unknown left out.
        var body: UntypedJSON {
            .members([
                ("name", .string(name)), ("type", type.map(UntypedJSON.string)),
                ("multiple", multiple.map(UntypedJSON.bool)), ("values", .array(values)),
            ])
        }
    }

    /// A fragment of the model with id `modelID`, with fields set as given and not checked.
    public init(
        title: String, name: String? = nil, description: String? = nil, modelID: String, parentPath: String,
        fields: [Field] = []
    ) {
        self.title = title
        self.name = name
        self.description = description
        self.modelID = modelID
        self.parentPath = parentPath
        self.fields = fields
        modelFields = nil
    }

    /// A fragment of `model`, whose fields `setValues(_:forField:)` checks names against.
    public init(
        title: String, name: String? = nil, description: String? = nil, model: FragmentModel, parentPath: String
    ) {
        self.title = title
        self.name = name
        self.description = description
        modelID = model.id
        self.parentPath = parentPath
        fields = []
        modelFields = model.fields
    }

    /// Sets the values of the field named `name`, replacing any set before. Made from a model, the field's type and
    /// whether it holds several values come from the model.
    /// - Throws: `AemError` `.invalidRequest` when the model has no field of that name; nothing is sent.
    public mutating func setValues(_ values: [UntypedJSON], forField name: String) throws(AemError) {
        var field = Field(name: name, values: values)
        if let modelFields {
            guard let definition = modelFields.first(where: { $0.name == name }) else {
                let names = modelFields.map(\.name).joined(separator: ", ")
                throw AemError(
                    .invalidRequest,
                    "The model \(modelID) has no field named \(name) (its fields are \(names.isEmpty ? "none" : names)); nothing was sent."
                )
            }
            field = Field(
                name: name, type: definition.type.isEmpty ? nil : definition.type, multiple: definition.multiple,
                values: values)
        }
        if let index = fields.firstIndex(where: { $0.name == name }) {
            fields[index] = field
        } else {
            fields.append(field)
        }
    }

    /// The body of the create: `{title, name, description, modelId, parentPath, fields}`.
    var body: UntypedJSON {
        .members([
            ("title", .string(title)), ("name", name.map(UntypedJSON.string)),
            ("description", description.map(UntypedJSON.string)), ("modelId", .string(modelID)),
            ("parentPath", .string(parentPath)), ("fields", .array(fields.map(\.body))),
        ])
    }
}
