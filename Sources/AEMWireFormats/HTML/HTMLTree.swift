/// The element tree of stored rich-text HTML, built tolerantly from ``HTMLTokenizer`` tokens: end tags without a
/// matching open element are ignored, open elements are closed at the end, a `<p>` or `<li>` closes the one before
/// it, and nesting deeper than ``maximumDepth`` is flattened (so walking the tree cannot exhaust the stack).
public indirect enum HTMLTree: Equatable {
    case element(name: String, attributes: [String: String], children: [HTMLTree])
    case text(String)

    /// The deepest nesting kept.
    static let maximumDepth = 64

    private static let voidElements: Set<String> = [
        "br", "img", "hr", "wbr", "input", "meta", "link", "col", "area", "source", "base", "embed", "param", "track",
    ]

    /// The top-level nodes of `html`.
    public static func parse(_ html: String) -> [HTMLTree] {
        // Open elements: name, attributes, children so far. Index 0 is the document root.
        var stack: [(name: String, attributes: [String: String], children: [HTMLTree])] = [("", [:], [])]

        func closeTop() {
            let top = stack.removeLast()
            stack[stack.count - 1].children.append(
                .element(name: top.name, attributes: top.attributes, children: top.children))
        }

        for token in HTMLTokenizer.tokens(html) {
            switch token {
            case .text(let text):
                stack[stack.count - 1].children.append(.text(text))
            case .start(let name, let attributes, let selfClosing):
                if name == "p", stack.count > 1, stack[stack.count - 1].name == "p" { closeTop() }
                if name == "li", let open = stack.lastIndex(where: { ["li", "ul", "ol"].contains($0.name) }),
                    stack[open].name == "li"
                {
                    while stack.count > open { closeTop() }
                }
                if voidElements.contains(name) || selfClosing || stack.count > maximumDepth {
                    stack[stack.count - 1].children.append(.element(name: name, attributes: attributes, children: []))
                } else {
                    stack.append((name, attributes, []))
                }
            case .end(let name):
                guard let open = stack.lastIndex(where: { $0.name == name }), open > 0 else { continue }
                while stack.count > open { closeTop() }
            }
        }
        while stack.count > 1 { closeTop() }
        return stack[0].children
    }
}
