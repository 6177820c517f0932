/// A multi-line text field (such as an adventure's `description` or `itinerary`) in the forms
/// the query asked for. Every form is optional: a query selects only some of them.
public struct RichText: Sendable, Hashable, Codable, UntypedJSONDecodable {
    /// The text without markup (`plaintext`).
    public var plaintext: String?
    /// The text as HTML (`html`).
    public var html: String?
    /// The text as Markdown (`markdown`).
    public var markdown: String?
    /// The typed tree: an array of block nodes, with no document root. Entries that are not
    /// JSON objects are skipped.
    public var json: [RichTextNode]?

    /// A text field with the given forms; every one is optional.
    public init(plaintext: String? = nil, html: String? = nil, markdown: String? = nil, json: [RichTextNode]? = nil) {
        self.plaintext = plaintext
        self.html = html
        self.markdown = markdown
        self.json = json
    }

    enum CodingKeys: String, CodingKey { case plaintext, html, markdown, json }

    /// Reads the field from AEM's JSON; a missing, `null` or mistyped form reads as nil.
    public init(from decoder: any Decoder) throws {
        try self.init(decodingJSONFrom: decoder)
    }

    init(json: UntypedJSON) throws(JSONShapeMismatch) {
        let tree = try json.requireObject(for: RichText.self)
        plaintext = tree.lenientString(CodingKeys.plaintext)
        html = tree.lenientString(CodingKeys.html)
        markdown = tree.lenientString(CodingKeys.markdown)
        self.json = tree.lenientList(RichTextNode.self, CodingKeys.json)
    }

    /// The text without markup: `plaintext` when present, else the text of the `json` blocks,
    /// one block a line; nil when neither was sent.
    public var text: String? {
        if let plaintext { return plaintext }
        return json.map { $0.map(\.plainText).joined(separator: "\n") }
    }
}
