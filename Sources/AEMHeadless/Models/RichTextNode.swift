/// One node of a multi-line field's `json` form: a block (paragraph, header, list, table) or an
/// inline piece (text, link, reference) with its children.
///
/// The wire shape is kept as AEM sent it — `nodeType`, `value`, `style`, `format.variants`,
/// `data`, `content`, and any other member — so a node encodes back to the same JSON. `kind`
/// reads that shape as a Swift enum; a node type this library does not know is `.unknown` and
/// keeps its children and text, so new node types never fail decoding.
public struct RichTextNode: Sendable, Hashable, Codable, UntypedJSONDecodable {
    /// What a node is, read from its `nodeType` (and `style` or `data` where they matter).
    public enum Kind: Sendable, Hashable {
        /// A paragraph block.
        case paragraph
        /// A run of text; see `variants` for bold, italic, underline.
        case text
        /// A hyperlink: `data.href`, `data.target`, text in `value`.
        case link
        /// A heading, level 1–6 from `style` (`h2`), or nil when the style is missing or unknown.
        case header(level: Int?)
        /// A bulleted list (`unordered-list`).
        case unorderedList
        /// A numbered list (`ordered-list`).
        case orderedList
        /// An entry of a list (`list-item`).
        case listItem
        /// A table block.
        case table
        /// A table's body (`table-body`).
        case tableBody
        /// A table's row (`table-row`).
        case tableRow
        /// A table's cell (`table-data`).
        case tableData
        /// A line break inside a paragraph (`<br>` in the stored HTML); it has no content.
        case lineBreak
        /// An asset shown inline: `data.path`, `data.mimetype`.
        case assetReference
        /// A link to another content fragment: `data.href`, `data.type == "fragment"`, title in `value`.
        case fragmentReference
        /// A node type this library does not know, by its `nodeType`.
        case unknown(String)

        /// The `nodeType` on the wire.
        public var nodeType: String {
            switch self {
            case .paragraph: "paragraph"
            case .text: "text"
            case .link: "link"
            case .header: "header"
            case .unorderedList: "unordered-list"
            case .orderedList: "ordered-list"
            case .listItem: "list-item"
            case .table: "table"
            case .tableBody: "table-body"
            case .tableRow: "table-row"
            case .tableData: "table-data"
            case .lineBreak: "line-break"
            case .assetReference, .fragmentReference: "reference"
            case .unknown(let nodeType): nodeType
            }
        }
    }

    /// A text style from `format.variants`. Unknown variants are kept by name.
    public struct Variant: RawRepresentable, Sendable, Hashable, Codable, ExpressibleByStringLiteral,
        CustomStringConvertible
    {
        /// The variant's name in `format.variants`, such as `bold`.
        public let rawValue: String
        /// The variant named `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The variant named by a string literal.
        public init(stringLiteral value: String) { rawValue = value }
        /// The variant's name.
        public var description: String { rawValue }

        /// Bold text.
        public static let bold: Variant = "bold"
        /// Italic text.
        public static let italic: Variant = "italic"
        /// Underlined text.
        public static let underline: Variant = "underline"
    }

    /// The node's `data`: link targets and reference details. Members not named here are kept
    /// in `other`.
    public struct NodeData: Sendable, Hashable, Codable, UntypedJSONDecodable {
        /// A link's or fragment reference's target.
        public var href: String?
        /// A link's target window, such as `_blank`.
        public var target: String?
        /// An asset reference's DAM path.
        public var path: String?
        /// An asset reference's MIME type (AEM spells it `mimetype`).
        public var mimetype: String?
        /// `fragment` for a link to another content fragment.
        public var type: String?
        /// Any other member, as it was sent.
        public var other: [String: UntypedJSON]

        /// Node data with the given members; `other` holds any members not named here.
        public init(
            href: String? = nil, target: String? = nil, path: String? = nil, mimetype: String? = nil,
            type: String? = nil, other: [String: UntypedJSON] = [:]
        ) {
            self.href = href
            self.target = target
            self.path = path
            self.mimetype = mimetype
            self.type = type
            self.other = other
        }

        private static let known: Set<String> = ["href", "target", "path", "mimetype", "type"]

        /// Reads `data` from AEM's JSON; a mistyped named member reads as nil, unknown members go to `other`.
        public init(from decoder: any Decoder) throws {
            try self.init(decodingJSONFrom: decoder)
        }

        init(json: UntypedJSON) throws(JSONShapeMismatch) {
            let tree = try json.requireObject(for: NodeData.self)
            href = tree.lenientString(AnyKey("href"))
            target = tree.lenientString(AnyKey("target"))
            path = tree.lenientString(AnyKey("path"))
            mimetype = tree.lenientString(AnyKey("mimetype"))
            type = tree.lenientString(AnyKey("type"))
            other = tree.others(excluding: Self.known)
        }

        /// Writes the named members that are present, then every member of `other`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            try container.encodeIfPresent(href, forKey: AnyKey("href"))
            try container.encodeIfPresent(target, forKey: AnyKey("target"))
            try container.encodeIfPresent(path, forKey: AnyKey("path"))
            try container.encodeIfPresent(mimetype, forKey: AnyKey("mimetype"))
            try container.encodeIfPresent(type, forKey: AnyKey("type"))
            for (key, value) in other { try container.encode(value, forKey: AnyKey(key)) }
        }
    }

    /// The wire `nodeType`, such as `paragraph` or `unordered-list`.
    public var nodeType: String
    /// The text of a text node, a link's text, or a fragment reference's title.
    public var value: String?
    /// A header's level as `h1`…`h6`.
    public var style: String?
    /// `format.variants` of a text node; empty when the text is plain.
    public var variants: [Variant]
    /// The node's `data`: a link's target or a reference's details; nil when absent.
    public var data: NodeData?
    /// The child nodes (`content`).
    public var children: [RichTextNode]
    /// Any other member of the node, as it was sent.
    public var other: [String: UntypedJSON]

    /// A node with the given wire members.
    public init(
        nodeType: String, value: String? = nil, style: String? = nil, variants: [Variant] = [],
        data: NodeData? = nil, children: [RichTextNode] = [], other: [String: UntypedJSON] = [:]
    ) {
        self.nodeType = nodeType
        self.value = value
        self.style = style
        self.variants = variants
        self.data = data
        self.children = children
        self.other = other
    }

    /// A node of `kind`, with the `nodeType`, header `style` and fragment `data.type` it implies.
    public init(
        _ kind: Kind, value: String? = nil, variants: [Variant] = [], data: NodeData? = nil,
        children: [RichTextNode] = []
    ) {
        var data = data
        var style: String?
        switch kind {
        case .header(let level?): style = "h\(level)"
        case .fragmentReference:
            if data?.type == nil { data = (data ?? NodeData()).with(type: "fragment") }
        default: break
        }
        self.init(
            nodeType: kind.nodeType, value: value, style: style, variants: variants, data: data, children: children)
    }

    /// What the node is. A `reference` is a fragment reference when `data.type` is `fragment`
    /// (or it has an `href` and no `path`), else an asset reference.
    public var kind: Kind {
        switch nodeType {
        case "paragraph": .paragraph
        case "text": .text
        case "link": .link
        case "header": .header(level: headerLevel)
        case "unordered-list": .unorderedList
        case "ordered-list": .orderedList
        case "list-item": .listItem
        case "table": .table
        case "table-body": .tableBody
        case "table-row": .tableRow
        case "table-data": .tableData
        case "line-break": .lineBreak
        case "reference":
            if data?.type?.lowercased() == "fragment" || (data?.href != nil && data?.path == nil) {
                .fragmentReference
            } else {
                .assetReference
            }
        default: .unknown(nodeType)
        }
    }

    private var headerLevel: Int? {
        guard let style, style.count == 2, style.first == "h" || style.first == "H",
            let level = style.last?.wholeNumberValue, (1...6).contains(level)
        else { return nil }
        return level
    }

    /// Whether `format.variants` holds `variant`.
    public func has(_ variant: Variant) -> Bool { variants.contains(variant) }

    /// The rows of a table node, however AEM nests them (`table`, `tbody`, a wrapper of rows); a child that is no
    /// row and holds none is a row of its own. Shared by every renderer of rich text.
    public var tableRows: [RichTextNode] {
        children.flatMap { child -> [RichTextNode] in
            switch child.kind {
            case .tableRow: [child]
            case .table, .tableBody: child.tableRows
            default: child.children.contains { $0.kind == .tableRow } ? child.tableRows : [child]
            }
        }
    }

    /// The text of this node and all its descendants, concatenated without separators; a line
    /// break is a `\n`.
    public var plainText: String {
        var text = kind == .lineBreak ? "\n" : value ?? ""
        for child in children { text += child.plainText }
        return text
    }

    private static let known: Set<String> = ["nodeType", "value", "style", "format", "data", "content"]

    private enum FormatKeys: String, CodingKey { case variants }

    /// Reads a node leniently: a missing `nodeType` reads as empty, children that are not objects are skipped.
    public init(from decoder: any Decoder) throws {
        try self.init(decodingJSONFrom: decoder)
    }

    init(json: UntypedJSON) throws(JSONShapeMismatch) {
        let tree = try json.requireObject(for: RichTextNode.self)
        nodeType = tree.lenientString(AnyKey("nodeType")) ?? ""
        value = tree.lenientString(AnyKey("value"))
        style = tree.lenientString(AnyKey("style"))
        let names = tree["format"]?[FormatKeys.variants.stringValue]?.arrayValue ?? []
        variants = names.compactMap { $0.stringValue.map(Variant.init(rawValue:)) }
        data = tree.lenient(NodeData.self, AnyKey("data"))
        children = tree.lenientList(RichTextNode.self, AnyKey("content")) ?? []
        other = tree.others(excluding: Self.known)
    }

    /// Writes the node back in AEM's wire shape, with `other`'s members as they were sent.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(nodeType, forKey: AnyKey("nodeType"))
        try container.encodeIfPresent(value, forKey: AnyKey("value"))
        try container.encodeIfPresent(style, forKey: AnyKey("style"))
        if !variants.isEmpty {
            var format = container.nestedContainer(keyedBy: FormatKeys.self, forKey: AnyKey("format"))
            try format.encode(variants, forKey: .variants)
        }
        try container.encodeIfPresent(data, forKey: AnyKey("data"))
        if !children.isEmpty { try container.encode(children, forKey: AnyKey("content")) }
        for (key, value) in other { try container.encode(value, forKey: AnyKey(key)) }
    }
}

extension RichTextNode.NodeData {
    fileprivate func with(type: String) -> Self {
        var copy = self
        copy.type = type
        return copy
    }
}

/// A coding key for any member name.
struct AnyKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension UntypedJSON {
    /// Every member of an object not in `known`, as JSON.
    func others(excluding known: Set<String>) -> [String: UntypedJSON] {
        var result: [String: UntypedJSON] = [:]
        for member in members ?? [] where !known.contains(member.key) {
            result[member.key] = member.value.asDecoded
        }
        return result
    }
}
