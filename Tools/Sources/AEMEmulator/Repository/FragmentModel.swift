/// A Content Fragment Model, `/conf/<configuration>/settings/dam/cfm/models/<name>` (aem-platform.md §1).
struct FragmentModel: Sendable {
    /// The model's repository path, which fragments name in `cq:model`.
    let path: String
    /// The configuration that owns it (`wknd-shared`); one GraphQL schema per configuration.
    let configuration: String
    /// `jcr:title` (`Adventure`); the GraphQL names derive from it (`AdventureModel`, `adventureList`).
    let title: String
    /// The fields in the model's order.
    let fields: [ModelField]
}

/// One field of a ``FragmentModel``.
struct ModelField: Sendable {
    /// The property name (`price`), also the GraphQL field name.
    let name: String
    let kind: Kind
    /// `valueType` ended in `[]`: the field holds a list.
    let isMultiple: Bool
    /// `required="on"`.
    let isRequired: Bool
    /// `fieldLabel`, as the editor shows it; the name when the model gives none.
    var label: String?
    /// The pattern a text value must match (`validation="cfm.validation.custom"` with the `validationRegex` of its
    /// `granite:data`), and the message the editor shows when it does not; nil without one.
    var validation: (pattern: String, message: String?)?

    init(
        name: String, kind: Kind, isMultiple: Bool, isRequired: Bool, label: String? = nil,
        validation: (pattern: String, message: String?)? = nil
    ) {
        self.name = name
        self.kind = kind
        self.isMultiple = isMultiple
        self.isRequired = isRequired
        self.label = label
        self.validation = validation
    }

    /// What a field holds, from its `metaType` and `valueType`.
    enum Kind: Sendable, Equatable {
        /// `text-single`: a `String`.
        case text
        /// `text-multi`: rich text stored as HTML (or plain text/markdown, per `<name>@ContentType`), served as
        /// `MultiFormatString`. `allowedModels` are the model paths its fragment links may point to.
        case richText(allowedModels: [String])
        /// `number` with `valueType` `long`: `Int`.
        case integer
        /// `number` with `valueType` `double`: `Float`.
        case float
        /// `boolean`.
        case boolean
        /// `date` (`valueType` `calendar/date`, `calendar/datetime` or `calendar/time`): `Calendar`.
        case date
        /// `enumeration`: a `String` among `values`.
        case enumeration(values: [String])
        /// `tags`: `[String]` of tag IDs.
        case tags
        /// `reference`: a DAM path, served as `ImageRef`, `DocumentRef` or `MultimediaRef`.
        case contentReference
        /// `fragment-reference`: a fragment path, served as the referenced model's type. `allowedModels` lists
        /// the model paths it may point to (one: that model's type; several: a union).
        case fragmentReference(allowedModels: [String])
        /// `json`: any JSON, stored as text.
        case json
    }
}
