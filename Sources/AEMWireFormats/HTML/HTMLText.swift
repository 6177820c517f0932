/// The text of rich-text HTML as a browser shows it inline.
extension HTMLTree {
    /// The text of `trees`, a line break read as a space, such as a link's text.
    public static func textContent(_ trees: [HTMLTree]) -> String {
        trees.map { tree in
            switch tree {
            case .text(let text): text
            case .element("br", _, _): " "
            case .element(_, _, let children): textContent(children)
            }
        }.joined()
    }

    /// `text` with each source line break read as a space, as in a browser.
    public static func flattenNewlines(_ text: String) -> String {
        guard text.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return text }
        return String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
    }
}
