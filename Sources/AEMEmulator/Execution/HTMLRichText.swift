import HTMLReading

/// Derives the `json`, `plaintext` and `markdown` renditions of a rich-text field from its stored HTML, as AEM does
/// (aem-wire.md §5): `<p>` paragraph, `<b>`/`<strong>` bold, `<i>`/`<em>` italic, `<u>` underline, `<a href>` link
/// (a `reference` of type `fragment` when it points to a fragment), `<h1>`–`<h6>` header, lists, tables, `<br>`
/// line-break and `<img>` reference.
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
        nodes = Converter(targets: targets).blocks(HTMLTree.parse(html))
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

    private struct Converter {
        let targets: Targets

        private static let containers: Set<String> = [
            "div", "section", "article", "blockquote", "body", "html", "main", "header", "footer", "aside", "nav",
            "figure", "center",
        ]
        private static let headers: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]
        private static let variants = [
            "b": "bold", "strong": "bold", "i": "italic", "em": "italic", "u": "underline", "s": "strikethrough",
            "strike": "strikethrough", "del": "strikethrough", "sub": "subscript", "sup": "superscript",
            "code": "code",
        ]

        func blocks(_ trees: [HTMLTree]) -> [RichTextElement] {
            var blocks: [RichTextElement] = []
            var inline: [RichTextElement] = []
            func flush() {
                let hasContent = inline.contains {
                    $0.nodeType != "text" || !($0.value ?? "").allSatisfy(\.isWhitespace)
                }
                if hasContent { blocks.append(RichTextElement(nodeType: "paragraph", content: inline)) }
                inline = []
            }
            for tree in trees {
                guard case .element(let name, _, let children) = tree else {
                    inline += self.inline(tree, variants: [])
                    continue
                }
                if name == "p" {
                    flush()
                    blocks.append(RichTextElement(nodeType: "paragraph", content: self.inline(children, variants: [])))
                } else if Self.headers.contains(name) {
                    flush()
                    blocks.append(
                        RichTextElement(nodeType: "header", style: name, content: self.inline(children, variants: [])))
                } else if name == "ul" || name == "ol" {
                    flush()
                    blocks.append(list(name, children))
                } else if name == "table" {
                    flush()
                    blocks.append(table(children))
                } else if Self.containers.contains(name) {
                    flush()
                    blocks += self.blocks(children)
                } else {
                    inline += self.inline(tree, variants: [])
                }
            }
            flush()
            return blocks
        }

        private func list(_ name: String, _ children: [HTMLTree]) -> RichTextElement {
            var items: [RichTextElement] = []
            for child in children {
                if case .element("li", _, let content) = child {
                    items.append(RichTextElement(nodeType: "list-item", content: flow(content)))
                } else if case .element = child {
                    items.append(RichTextElement(nodeType: "list-item", content: flow([child])))
                }
            }
            return RichTextElement(nodeType: name == "ol" ? "ordered-list" : "unordered-list", content: items)
        }

        private func table(_ children: [HTMLTree]) -> RichTextElement {
            var rows: [RichTextElement] = []
            func collect(_ trees: [HTMLTree]) {
                for tree in trees {
                    guard case .element(let name, _, let content) = tree else { continue }
                    if name == "tr" {
                        var cells: [RichTextElement] = []
                        for cell in content {
                            if case .element(let cellName, _, let cellContent) = cell,
                                cellName == "td" || cellName == "th"
                            {
                                cells.append(RichTextElement(nodeType: "table-data", content: flow(cellContent)))
                            }
                        }
                        rows.append(RichTextElement(nodeType: "table-row", content: cells))
                    } else if ["thead", "tbody", "tfoot"].contains(name) {
                        collect(content)
                    }
                }
            }
            collect(children)
            return RichTextElement(nodeType: "table", content: [RichTextElement(nodeType: "table-body", content: rows)])
        }

        /// The content of a list item or cell: blocks when it holds any, else inline nodes.
        private func flow(_ trees: [HTMLTree]) -> [RichTextElement] {
            let hasBlocks = trees.contains {
                guard case .element(let name, _, _) = $0 else { return false }
                return name == "p" || name == "ul" || name == "ol" || name == "table" || Self.headers.contains(name)
                    || Self.containers.contains(name)
            }
            return hasBlocks ? blocks(trees) : inline(trees, variants: [])
        }

        private func inline(_ trees: [HTMLTree], variants: [String]) -> [RichTextElement] {
            trees.flatMap { inline($0, variants: variants) }
        }

        private func inline(_ tree: HTMLTree, variants: [String]) -> [RichTextElement] {
            switch tree {
            case .text(let text):
                let value = HTMLTree.flattenNewlines(text)
                guard !value.isEmpty else { return [] }
                return [RichTextElement(nodeType: "text", value: value, variants: variants)]
            case .element(let name, let attributes, let children):
                switch name {
                case "br":
                    return [RichTextElement(nodeType: "line-break", content: [])]
                case "img":
                    guard let source = attributes["src"], !source.isEmpty else { return [] }
                    let mimeType = targets.mimeType(source) ?? Self.mimeType(ofExtensionIn: source)
                    return [RichTextElement(nodeType: "reference", data: [("path", source), ("mimetype", mimeType)])]
                case "a":
                    guard let href = attributes["href"], !href.isEmpty else {
                        return inline(children, variants: variants)
                    }
                    let text = HTMLTree.flattenNewlines(HTMLTree.textContent(children))
                    if targets.isFragment(href) {
                        return [
                            RichTextElement(
                                nodeType: "reference", data: [("href", href), ("type", "fragment")], value: text)
                        ]
                    }
                    var data = [(key: "href", value: href)]
                    if let target = attributes["target"], !target.isEmpty { data.append(("target", target)) }
                    return [RichTextElement(nodeType: "link", data: data, value: text)]
                default:
                    guard let variant = Self.variants[name] else { return inline(children, variants: variants) }
                    return inline(children, variants: variants.contains(variant) ? variants : variants + [variant])
                }
            }
        }

        private static func mimeType(ofExtensionIn path: String) -> String {
            switch path.split(separator: ".").last?.lowercased() {
            case "png": "image/png"
            case "gif": "image/gif"
            case "webp": "image/webp"
            case "svg": "image/svg+xml"
            default: "image/jpeg"
            }
        }
    }
}
