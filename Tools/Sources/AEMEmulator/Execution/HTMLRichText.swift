import AEMWireFormats

/// Derives the `json`, `plaintext` and `markdown` renditions of a rich-text field from its stored HTML, as AEM does
/// (aem-wire.md §5), with the mapping the client uses too (`HTMLRichTextMapping`); a link to a fragment is a
/// `reference` of type `fragment`.
struct HTMLRichText: Sendable {
    /// The block nodes, the `json` rendition.
    let nodes: [RichTextElement]

    /// What a link or image in the HTML points to.
    struct Targets {
        /// Whether a path names a content fragment.
        var isFragment: (String) -> Bool
        /// The MIME type of the asset at a path, when known.
        var mimeType: (String) -> String?
    }

    init(html: String, targets: Targets) {
        nodes = HTMLRichTextMapping(Converter(targets: targets)).nodes(html: html)
    }

    /// The repository paths the text points to, in document order: fragment links, images and asset links.
    var referencedPaths: [String] {
        var paths: [String] = []
        func visit(_ node: RichTextElement) {
            if node.nodeType == "reference", let path = node.data("href") ?? node.data("path") { paths.append(path) }
            if node.nodeType == "link", let href = node.data("href"), href.hasPrefix("/content/dam/") {
                paths.append(href)
            }
            node.content?.forEach(visit)
        }
        nodes.forEach(visit)
        return paths
    }

    /// Makes the emulator's nodes: a link to a content fragment is a `reference` of type `fragment`, and an image
    /// takes the MIME type of the asset it points to, else the one its extension names (none when unknown).
    private struct Converter: RichTextNodeBuilder {
        let targets: Targets

        func paragraph(_ children: [RichTextElement]) -> RichTextElement {
            RichTextElement(nodeType: "paragraph", content: children)
        }

        func header(level: Int, _ children: [RichTextElement]) -> RichTextElement {
            RichTextElement(nodeType: "header", style: "h\(level)", content: children)
        }

        func list(ordered: Bool, _ items: [RichTextElement]) -> RichTextElement {
            RichTextElement(nodeType: ordered ? "ordered-list" : "unordered-list", content: items)
        }

        func listItem(_ children: [RichTextElement]) -> RichTextElement {
            RichTextElement(nodeType: "list-item", content: children)
        }

        func table(rows: [[[RichTextElement]]]) -> RichTextElement {
            let rows = rows.map { cells in
                RichTextElement(
                    nodeType: "table-row", content: cells.map { RichTextElement(nodeType: "table-data", content: $0) })
            }
            return RichTextElement(nodeType: "table", content: [RichTextElement(nodeType: "table-body", content: rows)])
        }

        func text(_ value: String, variants: [String]) -> RichTextElement {
            RichTextElement(nodeType: "text", value: value, variants: variants)
        }

        func lineBreak() -> RichTextElement { RichTextElement(nodeType: "line-break", content: []) }

        func link(href: String, target: String?, text: String) -> RichTextElement {
            if targets.isFragment(href) {
                return RichTextElement(
                    nodeType: "reference", data: [("href", href), ("type", "fragment")], value: text)
            }
            var data = [(key: "href", value: href)]
            if let target { data.append(("target", target)) }
            return RichTextElement(nodeType: "link", data: data, value: text)
        }

        func image(source: String, mimeType: String?) -> RichTextElement {
            var data = [(key: "path", value: source)]
            if let mimeType = targets.mimeType(source) ?? mimeType { data.append(("mimetype", mimeType)) }
            return RichTextElement(nodeType: "reference", data: data)
        }
    }
}
