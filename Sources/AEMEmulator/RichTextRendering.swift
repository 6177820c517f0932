/// Derives the `plaintext` and `html` renditions of a rich-text field from its `json` nodes, so the three always agree.
enum RichTextRendering {
    /// AEM's `{ json plaintext html }` object for a multi-line field, or JSON null when the field is empty.
    static func field(_ nodes: [RichTextNode]?) -> JSONValue {
        guard let nodes else { return .null }
        return .object([
            ("json", .array(nodes.map(\.json))),
            ("plaintext", .string(plaintext(nodes))),
            ("html", .string(html(nodes))),
        ])
    }

    /// The text with one line per paragraph, heading, list item and table row, and tabs between table cells.
    static func plaintext(_ nodes: [RichTextNode]) -> String {
        var text = nodes.map(plain).joined()
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// HTML with one top-level block per line.
    static func html(_ nodes: [RichTextNode]) -> String {
        nodes.map(html).joined(separator: "\n")
    }

    private static func plain(_ node: RichTextNode) -> String {
        let children = (node.content ?? []).map(plain).joined()
        switch node.nodeType {
        case "text", "link": return node.value ?? ""
        case "reference": return node.isFragmentReference ? node.value ?? "" : ""
        case "paragraph", "header", "list-item": return children + "\n"
        case "table-row": return (node.content ?? []).map(plain).joined(separator: "\t") + "\n"
        default: return children
        }
    }

    private static func html(_ node: RichTextNode) -> String {
        let children = (node.content ?? []).map(html).joined()
        switch node.nodeType {
        case "text":
            return (node.format?.variants ?? []).reduce(escape(node.value ?? "")) { text, variant in
                guard let tag = variantTags[variant] else { return text }
                return "<\(tag)>\(text)</\(tag)>"
            }
        case "link":
            var attributes = "href=\"\(escape(node.data?["href"] ?? ""))\""
            if let target = node.data?["target"] { attributes += " target=\"\(escape(target))\"" }
            return "<a \(attributes)>\(escape(node.value ?? ""))</a>"
        case "reference":
            if node.isFragmentReference {
                return "<a href=\"\(escape(node.data?["href"] ?? ""))\">\(escape(node.value ?? ""))</a>"
            }
            return node.isAssetReference ? "<img src=\"\(escape(node.data?["path"] ?? ""))\">" : children
        case "header":
            let tag = ["h1", "h2", "h3", "h4", "h5", "h6"].contains(node.style ?? "") ? node.style ?? "h2" : "h2"
            return "<\(tag)>\(children)</\(tag)>"
        default:
            guard let tag = blockTags[node.nodeType] else { return children }
            return "<\(tag)>\(children)</\(tag)>"
        }
    }

    private static let variantTags = ["bold": "b", "italic": "i", "underline": "u"]

    private static let blockTags = [
        "paragraph": "p", "unordered-list": "ul", "ordered-list": "ol", "list-item": "li",
        "table": "table", "table-body": "tbody", "table-row": "tr", "table-data": "td",
    ]

    private static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
