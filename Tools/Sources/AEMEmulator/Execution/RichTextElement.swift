import GraphQL
import OrderedCollections

/// One node of the `json` rendition of a rich-text field (aem-wire.md §5), derived from the stored HTML.
struct RichTextElement: Sendable, Equatable {
    var nodeType: String
    /// `h1` … `h6` of a `header`.
    var style: String? = nil
    /// `href`/`target` of a link, `href`/`type` of a fragment reference, `path`/`mimetype` of an inline asset.
    var data: [(key: String, value: String)]? = nil
    /// The text of a `text`, `link` or fragment `reference` node.
    var value: String? = nil
    /// `bold`, `italic`, `underline`, …
    var variants: [String] = []
    var content: [RichTextElement]? = nil

    static func == (lhs: RichTextElement, rhs: RichTextElement) -> Bool {
        lhs.nodeType == rhs.nodeType && lhs.style == rhs.style && lhs.value == rhs.value && lhs.variants == rhs.variants
            && lhs.content == rhs.content && lhs.data?.map(\.key) == rhs.data?.map(\.key)
            && lhs.data?.map(\.value) == rhs.data?.map(\.value)
    }

    /// The value of `key` in ``data``.
    func data(_ key: String) -> String? {
        data?.first { $0.key == key }?.value
    }

    /// The node as AEM's JSON: `nodeType`, then `style`, `data`, `value`, `format`, `content` when present.
    var map: Map {
        var members: OrderedDictionary<String, Map> = ["nodeType": .string(nodeType)]
        if let style { members["style"] = .string(style) }
        if let data {
            var object: OrderedDictionary<String, Map> = [:]
            for (key, value) in data { object[key] = .string(value) }
            members["data"] = .dictionary(object)
        }
        if let value { members["value"] = .string(value) }
        if !variants.isEmpty { members["format"] = .dictionary(["variants": .array(variants.map(Map.string))]) }
        if let content { members["content"] = .array(content.map(\.map)) }
        return .dictionary(members)
    }
}
