import Testing

@testable import AEMEmulator

/// `plaintext` and `html` are derived from the `json` nodes.
struct RichTextRenderingTests {
    private let nodes = [
        RichTextNode(nodeType: "header", style: "h2", content: [RichTextNode(nodeType: "text", value: "Plan")]),
        RichTextNode(nodeType: "paragraph", content: [
            RichTextNode(nodeType: "text", value: "Go "),
            RichTextNode(nodeType: "text", value: "now", format: .init(variants: ["bold", "italic"])),
            RichTextNode(nodeType: "text", value: " & see "),
            RichTextNode(nodeType: "link", data: ["href": "https://example.com/a?b=1&c=2", "target": "_blank"], value: "this"),
            RichTextNode.fragmentLink(to: "/content/dam/x/y", title: "Y <trip>"),
        ]),
        RichTextNode(nodeType: "ordered-list", content: [
            RichTextNode(nodeType: "list-item", content: [RichTextNode(nodeType: "text", value: "one")]),
            RichTextNode(nodeType: "list-item", content: [RichTextNode(nodeType: "text", value: "two")]),
        ]),
        RichTextNode(nodeType: "reference", data: ["path": "/content/dam/a b.jpg", "mimetype": "image/jpeg"]),
        RichTextNode(nodeType: "mystery", content: [RichTextNode.paragraph("kept")]),
    ]

    @Test func html() {
        #expect(RichTextRendering.html(nodes) == """
            <h2>Plan</h2>
            <p>Go <i><b>now</b></i> &amp; see <a href="https://example.com/a?b=1&amp;c=2" target="_blank">this</a><a href="/content/dam/x/y">Y &lt;trip&gt;</a></p>
            <ol><li>one</li><li>two</li></ol>
            <img src="/content/dam/a b.jpg">
            <p>kept</p>
            """)
    }

    @Test func plaintext() {
        #expect(RichTextRendering.plaintext(nodes) == "Plan\nGo now & see thisY <trip>\none\ntwo\nkept")
    }

    @Test func jsonKeepsAEMNodeShape() {
        let json = RichTextRendering.field(nodes)
        let serialized = String(decoding: json.serialized, as: UTF8.self)
        #expect(serialized.hasPrefix(#"{"json":[{"nodeType":"header","style":"h2","content":[{"nodeType":"text","value":"Plan"}]}"#))
        #expect(serialized.contains(#"{"nodeType":"reference","data":{"href":"/content/dam/x/y","type":"fragment"},"value":"Y <trip>"}"#))
        #expect(serialized.contains(#"{"nodeType":"text","value":"now","format":{"variants":["bold","italic"]}}"#))
        #expect(String(decoding: RichTextRendering.field(nil).serialized, as: UTF8.self) == "null")
    }
}
