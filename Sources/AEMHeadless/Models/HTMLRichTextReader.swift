import AEMWireFormats

/// Reads a multi-line field's stored HTML as the node tree of AEM's `json` rendition, for answers that carry only
/// the HTML (the REST delivery API's `{"value": "<p>…</p>", "mimeType": "text/html"}`), with AEM's mapping
/// (`HTMLRichTextMapping`, which the emulator uses too). A link stays a link even when its `href` is a DAM path:
/// whether a path names a fragment is the server's knowledge. Any input reads without failing; malformed HTML is
/// read as a browser would.
package enum HTMLRichTextReader {
    /// The block nodes of `html`; empty when it holds no content.
    package static func nodes(html: String) -> [RichTextNode] {
        HTMLRichTextMapping(Builder()).nodes(html: html)
    }

    private struct Builder: RichTextNodeBuilder {
        func paragraph(_ children: [RichTextNode]) -> RichTextNode { RichTextNode(.paragraph, children: children) }

        func header(level: Int, _ children: [RichTextNode]) -> RichTextNode {
            RichTextNode(.header(level: level), children: children)
        }

        func list(ordered: Bool, _ items: [RichTextNode]) -> RichTextNode {
            RichTextNode(ordered ? .orderedList : .unorderedList, children: items)
        }

        func listItem(_ children: [RichTextNode]) -> RichTextNode { RichTextNode(.listItem, children: children) }

        func table(rows: [[[RichTextNode]]]) -> RichTextNode {
            let rows = rows.map { cells in
                RichTextNode(.tableRow, children: cells.map { RichTextNode(.tableData, children: $0) })
            }
            return RichTextNode(.table, children: [RichTextNode(.tableBody, children: rows)])
        }

        func text(_ value: String, variants: [String]) -> RichTextNode {
            RichTextNode(.text, value: value, variants: variants.map(RichTextNode.Variant.init(rawValue:)))
        }

        func lineBreak() -> RichTextNode { RichTextNode(.lineBreak) }

        func link(href: String, target: String?, text: String) -> RichTextNode {
            RichTextNode(.link, value: text, data: RichTextNode.NodeData(href: href, target: target))
        }

        func image(source: String, mimeType: String?) -> RichTextNode {
            RichTextNode(.assetReference, data: RichTextNode.NodeData(path: source, mimetype: mimeType))
        }
    }
}
