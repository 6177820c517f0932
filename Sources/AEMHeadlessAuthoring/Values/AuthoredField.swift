import AEMHeadless

/// One field of an authored fragment as the Sites API sends it: its name, type and values, which are always a list
/// (`[]` when empty, one element for a single-valued field).
///
/// ```swift
/// let title = fragment.field(named: "title")?.strings.first ?? ""
/// ```
public struct AuthoredField: Sendable, Hashable {
    /// The field's name in the model, such as `title`.
    public var name: String
    /// The field's type: `text`, `long-text`, `number`, `float-number`, `boolean`, `date`, `time`, `date-time`,
    /// `enumeration`, `tag`, `content-fragment`, `content-reference`, `json`, …; nil when AEM did not say.
    public var type: String?
    /// Whether the field holds several values.
    public var multiple: Bool
    /// The values, as AEM sent them: text, numbers, true or false, paths of what the field references.
    public var values: [UntypedJSON]
    /// The media type of a long text, such as `text/html`.
    public var mimeType: String?
    /// The field as AEM sent it, with every member; for a field made in code, the members above.
    public let json: UntypedJSON

    /// A field with the given values, for a new fragment or a replaced one; see each property.
    public init(
        name: String, type: String? = nil, multiple: Bool = false, values: [UntypedJSON], mimeType: String? = nil
    ) {
        self.name = name
        self.type = type
        self.multiple = multiple
        self.values = values
        self.mimeType = mimeType
        json = Self.object(name: name, type: type, multiple: multiple, values: values, mimeType: mimeType)
    }

    /// Reads `{name, type, multiple, values, mimeType}`; nil for an element without a name.
    init?(json: UntypedJSON) {
        guard let name = json.text("name") else { return nil }
        self.name = name
        type = json.text("type")
        multiple = json.flag("multiple") ?? false
        values = json.elements("values")
        mimeType = json.text("mimeType")
        self.json = json
    }

    /// The values that are text, in order: what a text, enumeration, date or reference field holds.
    public var strings: [String] { values.compactMap(\.stringValue) }

    /// The field as a write sends it: `{name, type, multiple, values, mimeType}`, members unknown left out.
    var body: UntypedJSON {
        Self.object(name: name, type: type, multiple: multiple, values: values, mimeType: mimeType)
    }

    private static func object(
        name: String, type: String?, multiple: Bool, values: [UntypedJSON], mimeType: String?
    ) -> UntypedJSON {
        .members([
            ("name", .string(name)), ("type", type.map(UntypedJSON.string)), ("multiple", .bool(multiple)),
            ("values", .array(values)), ("mimeType", mimeType.map(UntypedJSON.string)),
        ])
    }
}
