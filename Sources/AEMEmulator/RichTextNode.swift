/// One node of a multi-line rich-text field, in the shape of AEM's `json` rendition (aem-wire.md §5).
///
/// The sample content is authored in exactly this shape; `plaintext` and `html` are derived from it when served.
public struct RichTextNode: Sendable, Codable, Hashable {
    /// The node type: `paragraph`, `text`, `link`, `header`, `unordered-list`, `ordered-list`, `list-item`,
    /// `table`, `table-body`, `table-row`, `table-data` or `reference`.
    public var nodeType: String
    /// The heading level of a `header` node (`h1` … `h6`).
    public var style: String?
    /// Node attributes: `href` and `target` of a link; `path` and `mimetype` of an inline asset; `href` and
    /// `type` (`fragment`) of a link to another content fragment.
    public var data: [String: String]?
    /// The text of a `text`, `link` or fragment `reference` node.
    public var value: String?
    /// Text formats (`bold`, `italic`, `underline`).
    public var format: Format?
    /// Child nodes.
    public var content: [RichTextNode]?

    /// The `format` member of a text node.
    public struct Format: Sendable, Codable, Hashable {
        /// `bold`, `italic`, `underline`, …
        public var variants: [String]

        /// Formats with these variants.
        public init(variants: [String]) {
            self.variants = variants
        }
    }

    /// A node with the given members; omitted ones are left out of the `json` rendition.
    public init(
        nodeType: String,
        style: String? = nil,
        data: [String: String]? = nil,
        value: String? = nil,
        format: Format? = nil,
        content: [RichTextNode]? = nil
    ) {
        self.nodeType = nodeType
        self.style = style
        self.data = data
        self.value = value
        self.format = format
        self.content = content
    }

    /// A paragraph of plain text.
    public static func paragraph(_ text: String) -> RichTextNode {
        RichTextNode(nodeType: "paragraph", content: [RichTextNode(nodeType: "text", value: text)])
    }

    /// A link to another content fragment, shown with `title`.
    public static func fragmentLink(to path: String, title: String) -> RichTextNode {
        RichTextNode(nodeType: "reference", data: ["href": path, "type": "fragment"], value: title)
    }

    /// Whether this node links to another content fragment.
    var isFragmentReference: Bool { nodeType == "reference" && data?["type"] == "fragment" && data?["href"] != nil }

    /// Whether this node embeds an asset.
    var isAssetReference: Bool { nodeType == "reference" && data?["path"] != nil }

    /// AEM's `json` rendition of this node.
    var json: JSONValue {
        var members: [(String, JSONValue)] = [("nodeType", .string(nodeType))]
        if let style { members.append(("style", .string(style))) }
        if let data {
            members.append(("data", .object(data.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })))
        }
        if let value { members.append(("value", .string(value))) }
        if let format { members.append(("format", .object([("variants", .array(format.variants.map(JSONValue.string)))]))) }
        if let content { members.append(("content", .array(content.map(\.json)))) }
        return .object(members)
    }
}
