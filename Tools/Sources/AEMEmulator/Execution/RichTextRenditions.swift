/// The `plaintext` and `markdown` renditions of rich text, from its `json` nodes.
enum RichTextRenditions {
    /// The text without markup: blocks separated by a blank line, list items and table rows by a line break, table
    /// cells by a tab, `<br>` as a line break.
    static func plaintext(_ nodes: [RichTextElement]) -> String {
        nodes.map(plainBlock).filter { !$0.isEmpty }.joined(separator: "\n\n")
    }

    /// Markdown: `#` headers, `-`/`1.` lists, `**bold**`, `_italic_`, `[text](href)` links, `![](path)` images.
    static func markdown(_ nodes: [RichTextElement]) -> String {
        nodes.map(markdownBlock).filter { !$0.isEmpty }.joined(separator: "\n\n")
    }

    private static func plainBlock(_ node: RichTextElement) -> String {
        let content = node.content ?? []
        switch node.nodeType {
        case "unordered-list", "ordered-list", "table", "table-body":
            return content.map(plainBlock).joined(separator: "\n")
        case "table-row":
            return content.map(plainBlock).joined(separator: "\t")
        default:
            if content.contains(where: isBlock) { return content.map(plainBlock).joined(separator: "\n") }
            return plainInline(content.isEmpty ? [node] : content)
        }
    }

    private static func isBlock(_ node: RichTextElement) -> Bool {
        ["paragraph", "header", "unordered-list", "ordered-list", "table"].contains(node.nodeType)
    }

    private static func plainInline(_ nodes: [RichTextElement]) -> String {
        var text = ""
        var afterBreak = false
        for node in nodes {
            switch node.nodeType {
            case "line-break":
                text += "\n"
                afterBreak = true
            case "reference" where node.data("type") != "fragment":
                continue
            default:
                var value = node.value ?? plainInline(node.content ?? [])
                if afterBreak { value = String(value.drop { $0 == " " || $0 == "\t" }) }
                afterBreak = afterBreak && value.isEmpty
                text += value
            }
        }
        return text
    }

    private static func markdownBlock(_ node: RichTextElement) -> String {
        let content = node.content ?? []
        switch node.nodeType {
        case "header":
            let level = Int(node.style?.dropFirst() ?? "2") ?? 2
            return String(repeating: "#", count: max(1, min(6, level))) + " " + markdownInline(content)
        case "unordered-list", "ordered-list":
            let ordered = node.nodeType == "ordered-list"
            return content.enumerated().map { index, item in
                (ordered ? "\(index + 1). " : "- ") + markdownBlock(item).replacingOccurrences(of: "\n", with: "\n   ")
            }.joined(separator: "\n")
        case "table", "table-body":
            return content.map(markdownBlock).joined(separator: "\n")
        case "table-row":
            return "| " + content.map(markdownBlock).joined(separator: " | ") + " |"
        default:
            if content.contains(where: isBlock) { return content.map(markdownBlock).joined(separator: "\n\n") }
            return markdownInline(content)
        }
    }

    private static func markdownInline(_ nodes: [RichTextElement]) -> String {
        nodes.map { node in
            switch node.nodeType {
            case "line-break":
                return "  \n"
            case "link":
                return "[\(node.value ?? "")](\(node.data("href") ?? ""))"
            case "reference":
                if let path = node.data("path") { return "![](\(path))" }
                return "[\(node.value ?? "")](\(node.data("href") ?? ""))"
            case "text":
                var text = node.value ?? ""
                if node.variants.contains("italic") { text = "_\(text)_" }
                if node.variants.contains("bold") { text = "**\(text)**" }
                return text
            default:
                return node.value ?? markdownInline(node.content ?? [])
            }
        }.joined()
    }
}
