/// How AEM maps a multi-line field's stored HTML to the nodes of its `json` rendition: `<p>` paragraph, `<b>`/
/// `<strong>` bold, `<i>`/`<em>` italic, `<u>` underline and the other variants, `<a href>` link, `<h1>`–`<h6>`
/// header, `<ul>`/`<ol>`/`<li>` lists, tables (one body of all rows), `<br>` line-break and `<img>` reference.
/// Containers such as `<div>` are flattened, other unknown tags keep their text, and inline content outside any
/// block is gathered into paragraphs. Any input maps without failing.
///
/// The one mapping of the client (which reads the HTML of REST delivery answers) and the emulator (which derives the
/// `json` rendition it serves); each makes its own node type with a ``RichTextNodeBuilder``.
public struct HTMLRichTextMapping<Builder: RichTextNodeBuilder> {
    private let builder: Builder

    public init(_ builder: Builder) {
        self.builder = builder
    }

    /// The block nodes of `html`; empty when it holds no content.
    public func nodes(html: String) -> [Builder.Node] {
        blocks(HTMLTree.parse(html))
    }

    private static var containers: Set<String> {
        [
            "div", "section", "article", "blockquote", "body", "html", "main", "header", "footer", "aside", "nav",
            "figure", "center",
        ]
    }
    private static var headerLevels: [String: Int] { ["h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6] }
    private static var variants: [String: String] {
        [
            "b": "bold", "strong": "bold", "i": "italic", "em": "italic", "u": "underline", "s": "strikethrough",
            "strike": "strikethrough", "del": "strikethrough", "sub": "subscript", "sup": "superscript",
            "code": "code",
        ]
    }

    /// An inline node, and whether it is only white space (which makes no paragraph of its own).
    private typealias Inline = (node: Builder.Node, isBlank: Bool)

    /// Block nodes; runs of inline content between blocks become paragraphs unless they are only white space.
    private func blocks(_ trees: [HTMLTree]) -> [Builder.Node] {
        var blocks: [Builder.Node] = []
        var pending: [Inline] = []
        func flush() {
            if pending.contains(where: { !$0.isBlank }) { blocks.append(builder.paragraph(pending.map(\.node))) }
            pending = []
        }
        for tree in trees {
            guard case .element(let name, _, let children) = tree else {
                pending += inline(tree, variants: [])
                continue
            }
            if name == "p" {
                flush()
                blocks.append(builder.paragraph(inlineNodes(children)))
            } else if let level = Self.headerLevels[name] {
                flush()
                blocks.append(builder.header(level: level, inlineNodes(children)))
            } else if name == "ul" || name == "ol" {
                flush()
                blocks.append(list(ordered: name == "ol", children))
            } else if name == "table" {
                flush()
                blocks.append(table(children))
            } else if Self.containers.contains(name) {
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
    private func list(ordered: Bool, _ children: [HTMLTree]) -> Builder.Node {
        let items = children.compactMap { child -> Builder.Node? in
            switch child {
            case .element("li", _, let content): builder.listItem(flow(content))
            case .element: builder.listItem(flow([child]))
            case .text: nil
            }
        }
        return builder.list(ordered: ordered, items)
    }

    /// A table with one body of all its rows, whether or not they sit in `<thead>`, `<tbody>` or `<tfoot>`.
    private func table(_ children: [HTMLTree]) -> Builder.Node {
        var rows: [[[Builder.Node]]] = []
        func collect(_ trees: [HTMLTree]) {
            for case .element(let name, _, let content) in trees {
                if name == "tr" {
                    rows.append(
                        content.compactMap { cell in
                            guard case .element(let cellName, _, let cellContent) = cell,
                                cellName == "td" || cellName == "th"
                            else { return nil }
                            return flow(cellContent)
                        })
                } else if name == "thead" || name == "tbody" || name == "tfoot" {
                    collect(content)
                }
            }
        }
        collect(children)
        return builder.table(rows: rows)
    }

    /// The content of a list item or cell: blocks when it holds any, else inline nodes.
    private func flow(_ trees: [HTMLTree]) -> [Builder.Node] {
        let hasBlocks = trees.contains {
            guard case .element(let name, _, _) = $0 else { return false }
            return name == "p" || name == "ul" || name == "ol" || name == "table" || Self.headerLevels[name] != nil
                || Self.containers.contains(name)
        }
        return hasBlocks ? blocks(trees) : inlineNodes(trees)
    }

    private func inlineNodes(_ trees: [HTMLTree]) -> [Builder.Node] {
        trees.flatMap { inline($0, variants: []) }.map(\.node)
    }

    /// Text, links, line breaks and images, with the variants of the formatting elements around them.
    private func inline(_ tree: HTMLTree, variants: [String]) -> [Inline] {
        switch tree {
        case .text(let text):
            let value = HTMLTree.flattenNewlines(text)
            return value.isEmpty ? [] : [(builder.text(value, variants: variants), value.allSatisfy(\.isWhitespace))]
        case .element("br", _, _):
            return [(builder.lineBreak(), false)]
        case .element("img", let attributes, _):
            guard let source = attributes["src"], !source.isEmpty else { return [] }
            return [(builder.image(source: source, mimeType: MediaTypes.type(ofPath: source)), false)]
        case .element("a", let attributes, let children):
            guard let href = attributes["href"], !href.isEmpty else {
                return children.flatMap { inline($0, variants: variants) }
            }
            let target = attributes["target"].flatMap { $0.isEmpty ? nil : $0 }
            let text = HTMLTree.flattenNewlines(HTMLTree.textContent(children))
            return [(builder.link(href: href, target: target, text: text), false)]
        case .element(let name, _, let children):
            let inner =
                Self.variants[name].map { variant in variants.contains(variant) ? variants : variants + [variant] }
                ?? variants
            return children.flatMap { inline($0, variants: inner) }
        }
    }
}

/// Makes the nodes of one side's rich-text type for ``HTMLRichTextMapping``.
public protocol RichTextNodeBuilder {
    associatedtype Node

    func paragraph(_ children: [Node]) -> Node
    /// `level` 1 to 6.
    func header(level: Int, _ children: [Node]) -> Node
    func list(ordered: Bool, _ items: [Node]) -> Node
    func listItem(_ children: [Node]) -> Node
    /// A table of these rows, each of its cells' content.
    func table(rows: [[[Node]]]) -> Node
    /// `variants` in AEM's names (`bold`, `italic`, `strikethrough`, …), outermost first.
    func text(_ value: String, variants: [String]) -> Node
    func lineBreak() -> Node
    /// A link whose text is `text`; `target` as the HTML gives it, nil when it gives none.
    func link(href: String, target: String?, text: String) -> Node
    /// An `<img>`; `mimeType` is the one its file extension names, nil when none is known.
    func image(source: String, mimeType: String?) -> Node
}
