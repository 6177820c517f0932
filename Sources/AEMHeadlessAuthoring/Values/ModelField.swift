import AEMHeadless

/// One field of a content fragment model: what a fragment's field of that name holds, and the rules its values
/// are checked against.
public struct ModelField: Sendable, Hashable {
    /// The field's name, as fragments name it: `title`.
    public let name: String
    /// The field's type, as fragments' fields name it: `text`, `long-text`, `number`, `enumeration`, …; empty when
    /// AEM did not say.
    public let type: String
    /// The label authors see, such as `Title`.
    public let label: String?
    /// The help text authors see.
    public let description: String?
    /// Whether a fragment must give it a value.
    public let required: Bool
    /// Whether it holds several values.
    public let multiple: Bool
    /// The longest text it takes.
    public let maxLength: Int?
    /// How its text is checked: `none`, `custom`, or another of AEM's checks such as `email`.
    public let validationType: String?
    /// The regular expression of a `custom` check.
    public let customValidationRegex: String?
    /// What authors are told when the custom check fails.
    public let customErrorMessage: String?
    /// The values an enumeration offers, in order; empty for other types.
    public let options: [Option]
    /// The smallest number it takes.
    public let min: Double?
    /// The largest number it takes.
    public let max: Double?
    /// The media type of a long text, such as `text/html`.
    public let mimeType: String?
    /// The field as AEM sent it, with every member.
    public let json: UntypedJSON

    /// One value an enumeration offers: what is stored, and what authors see.
    public struct Option: Sendable, Hashable {
        /// What authors see.
        public let key: String
        /// What a fragment stores.
        public let value: String

        /// An option with the given values; see each property.
        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    /// Reads a model field; nil for an element without a name.
    init?(json: UntypedJSON) {
        guard let name = json.text("name") else { return nil }
        self.name = name
        type = json.text("type") ?? ""
        label = json.text("label")
        description = json.text("description")
        required = json.flag("required") ?? false
        multiple = json.flag("multiple") ?? false
        maxLength = json.whole("maxLength")
        validationType = json.text("validationType")
        customValidationRegex = json.text("customValidationRegex")
        customErrorMessage = json.text("customErrorMessage")
        options = json.elements("values").compactMap { element in
            if let text = element.stringValue { return Option(key: text, value: text) }
            guard let value = element.text("value") ?? element.text("key") else { return nil }
            return Option(key: element.text("key") ?? value, value: value)
        }
        min = json.decimal("min")
        max = json.decimal("max")
        mimeType = json.text("mimeType")
        self.json = json
    }
}
