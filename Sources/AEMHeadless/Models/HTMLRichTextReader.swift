import HTMLReading

/// Reads a multi-line field's stored HTML as the node tree of AEM's `json` rendition, for answers that carry only
/// the HTML (the REST delivery API's `{"value": "<p>…</p>", "mimeType": "text/html"}`).
///
/// The mapping is AEM's: `<p>` paragraph, `<b>`/`<strong>` bold, `<i>`/`<em>` italic, `<u>` underline, `<a href>`
/// link, `<h1>`–`<h6>` header, `<ul>`/`<ol>`/`<li>` lists, tables, `<br>` line-break and `<img>` reference. Containers
/// such as `<div>` are flattened, other unknown tags keep their text, and inline content outside any block is
/// gathered into paragraphs. A link stays a link even when its `href` is a DAM path: whether a path names a
/// fragment is the server's knowledge. Any input reads without failing; malformed HTML is read as a browser would.
package enum HTMLRichTextReader {
    /// The block nodes of `html`; empty when it holds no content.
    package static func nodes(html: String) -> [RichTextNode] {
        blocks(HTMLTree.parse(html))
    }

    private static let containers: Set<String> = [
        "div", "section", "article", "blockquote", "body", "html", "main", "header", "footer", "aside", "nav",
        "figure", "center",
    ]
    private static let headerLevels = ["h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6]
    private static let variants: [String: RichTextNode.Variant] = [
        "b": .bold, "strong": .bold, "i": .italic, "em": .italic, "u": .underline, "s": "strikethrough",
        "strike": "strikethrough", "del": "strikethrough", "sub": "subscript", "sup": "superscript", "code": "code",
    ]
    private static let imageTypes = [
        "jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "gif": "image/gif", "webp": "image/webp",
        "svg": "image/svg+xml", "avif": "image/avif", "tif": "image/tiff", "tiff": "image/tiff", "bmp": "image/bmp",
    ]

    /// Block nodes; runs of inline content between blocks become paragraphs unless they are only white space.
    private static func blocks(_ trees: [HTMLTree]) -> [RichTextNode] {
        var blocks: [RichTextNode] = []
        var pending: [RichTextNode] = []
        func flush() {
            if pending.contains(where: { $0.kind != .text || !($0.value ?? "").allSatisfy(\.isWhitespace) }) {
                blocks.append(RichTextNode(.paragraph, children: pending))
            }
            pending = []
        }
        for tree in trees {
            guard case .element(let name, _, let children) = tree else {
                pending += inline(tree, variants: [])
                continue
            }
            if name == "p" {
                flush()
                blocks.append(RichTextNode(.paragraph, children: inline(children, variants: [])))
            } else if let level = headerLevels[name] {
                flush()
                blocks.append(RichTextNode(.header(level: level), children: inline(children, variants: [])))
            } else if name == "ul" || name == "ol" {
                flush()
                blocks.append(list(ordered: name == "ol", children))
            } else if name == "table" {
                flush()
                blocks.append(table(children))
            } else if containers.contains(name) {
                flush()
                blocks += self.blocks(children)
            } else {
                pending += inline(tree, variants: [])
            }
        }
        flush()
        return blocks
    }

    /// A list of its `<li>` items; any other element inside is an item of its own.
    private static func list(ordered: Bool, _ children: [HTMLTree]) -> RichTextNode {
        let items = children.compactMap { child -> RichTextNode? in
            switch child {
            case .element("li", _, let content): RichTextNode(.listItem, children: flow(content))
            case .element: RichTextNode(.listItem, children: flow([child]))
            case .text: nil
            }
        }
        return RichTextNode(ordered ? .orderedList : .unorderedList, children: items)
    }

    /// A table with one body of all its rows, whether or not they sit in `<thead>`, `<tbody>` or `<tfoot>`.
    private static func table(_ children: [HTMLTree]) -> RichTextNode {
        var rows: [RichTextNode] = []
        func collect(_ trees: [HTMLTree]) {
            for case .element(let name, _, let content) in trees {
                if name == "tr" {
                    let cells = content.compactMap { cell -> RichTextNode? in
                        guard case .element(let cellName, _, let cellContent) = cell,
                            cellName == "td" || cellName == "th"
                        else { return nil }
                        return RichTextNode(.tableData, children: flow(cellContent))
                    }
                    rows.append(RichTextNode(.tableRow, children: cells))
                } else if name == "thead" || name == "tbody" || name == "tfoot" {
                    collect(content)
                }
            }
        }
        collect(children)
        return RichTextNode(.table, children: [RichTextNode(.tableBody, children: rows)])
    }

    /// The content of a list item or cell: blocks when it holds any, else inline nodes.
    private static func flow(_ trees: [HTMLTree]) -> [RichTextNode] {
        let hasBlocks = trees.contains {
            guard case .element(let name, _, _) = $0 else { return false }
            return name == "p" || name == "ul" || name == "ol" || name == "table" || headerLevels[name] != nil
                || containers.contains(name)
        }
        return hasBlocks ? blocks(trees) : inline(trees, variants: [])
    }

    private static func inline(_ trees: [HTMLTree], variants: [RichTextNode.Variant]) -> [RichTextNode] {
        trees.flatMap { inline($0, variants: variants) }
    }

    /// Text, links, line breaks and images, with the variants of the formatting elements around them.
    private static func inline(_ tree: HTMLTree, variants: [RichTextNode.Variant]) -> [RichTextNode] {
        switch tree {
        case .text(let text):
            let value = HTMLTree.flattenNewlines(text)
            return value.isEmpty ? [] : [RichTextNode(.text, value: value, variants: variants)]
        case .element("br", _, _):
            return [RichTextNode(.lineBreak)]
        case .element("img", let attributes, _):
            guard let source = attributes["src"], !source.isEmpty else { return [] }
            return [
                RichTextNode(
                    .assetReference, data: RichTextNode.NodeData(path: source, mimetype: imageType(of: source)))
            ]
        case .element("a", let attributes, let children):
            guard let href = attributes["href"], !href.isEmpty else { return inline(children, variants: variants) }
            let target = attributes["target"].flatMap { $0.isEmpty ? nil : $0 }
            return [
                RichTextNode(
                    .link, value: HTMLTree.flattenNewlines(HTMLTree.textContent(children)),
                    data: RichTextNode.NodeData(href: href, target: target))
            ]
        case .element(let name, _, let children):
            guard let variant = self.variants[name], !variants.contains(variant) else {
                return inline(children, variants: variants)
            }
            return inline(children, variants: variants + [variant])
        }
    }

    /// The image MIME type the extension of `source` names (query and fragment ignored), or nil.
    private static func imageType(of source: String) -> String? {
        let path = source.prefix { $0 != "?" && $0 != "#" }
        guard let name = path.split(separator: "/").last, let dot = name.lastIndex(of: ".") else { return nil }
        return imageTypes[name[name.index(after: dot)...].lowercased()]
    }
}
