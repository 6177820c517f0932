/// Placeholder until the HTML reader lands.
enum HTMLRichTextReader {
    static func nodes(html: String) -> [RichTextNode] { [] }
}
