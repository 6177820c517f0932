import AEMHeadless
import Testing

@testable import WKNDCore
@testable import wknd

@Suite("rendering helpers")
struct RenderingTests {
    @Test(
        "prices look the same on every machine",
        arguments: [
            (4500.0, "4,500.00"), (95.5, "95.50"), (0, "0.00"), (1_234_567.891, "1,234,567.89"), (-12.5, "-12.50"),
            (999.999, "1,000.00"),
        ])
    func price(value: Double, expected: String) {
        #expect(PriceFormat.text(value) == expected)
    }

    @Test("truncation and widths count terminal columns")
    func layout() {
        #expect(TextLayout.truncate("Lofoten Winter", to: 8) == "Lofoten…")
        #expect(TextLayout.truncateKeepingEnd("/content/dam/a/bali-surf", to: 10) == "…bali-surf")
        #expect(TextLayout.truncateKeepingEnd("/a/日本", to: 4) == "…本")
        #expect(TextLayout.truncateKeepingEnd("short", to: 10) == "short")
        #expect(TextLayout.width("日本") == 4)
        #expect(TextLayout.width("é") == 1)
        #expect(TextLayout.singleLine("a\u{1B}[31mb\nc") == "a\u{FFFD}[31mb c")
    }

    @Test("the quick paths for plain text agree with the character-by-character rules")
    func quickPaths() {
        var generator = SystemRandomNumberGenerator()
        let pieces = [
            "a", "Z", " ", "~", "\t", "\n", "\r\n", "\u{7F}", "\u{1B}", "\u{85}", "\u{A0}", "£", "é", "e\u{301}", "日",
            "😀", "\u{200B}",
        ]
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                pieces.randomElement(using: &generator) ?? ""
            }.joined()
            #expect(
                TextLayout.width(text) == text.reduce(0) { $0 + TextLayout.width(of: $1) }, "\(text.debugDescription)")
            let expected = String(
                String.UnicodeScalarView(
                    text.unicodeScalars.map { scalar -> Unicode.Scalar in
                        switch scalar.value {
                        case 0x09, 0x0A, 0x0D: " "
                        case 0..<0x20, 0x7F..<0xA0: "\u{FFFD}"
                        default: scalar
                        }
                    }))
            #expect(TextLayout.singleLine(text) == expected, "\(text.debugDescription)")
        }
    }

    @Test("rich text: headers, lists, links, styles only with colour, unknown nodes keep their text")
    func richText() {
        let blocks: [RichTextNode] = [
            RichTextNode(.header(level: 2), children: [RichTextNode(.text, value: "Plan")]),
            RichTextNode(
                .paragraph,
                children: [
                    RichTextNode(.text, value: "Bring "),
                    RichTextNode(.text, value: "boots", variants: [.bold]),
                    RichTextNode(.text, value: " and see "),
                    RichTextNode(.link, value: "the map", data: .init(href: "https://example.com/map")),
                ]),
            RichTextNode(
                .orderedList,
                children: [
                    RichTextNode(
                        .listItem, children: [RichTextNode(.paragraph, children: [RichTextNode(.text, value: "First")])]
                    ),
                    RichTextNode(.listItem, children: [RichTextNode(.text, value: "Second")]),
                ]),
            RichTextNode(nodeType: "callout", children: [RichTextNode(.text, value: "Mind the tide")]),
        ]
        let plain = RichTextRenderer(width: nil, usesColor: false).lines(for: RichText(json: blocks), indent: "")
        #expect(
            plain == [
                "Plan", "----", "", "Bring boots and see the map (https://example.com/map)", "",
                "1. First", "2. Second", "", "Mind the tide",
            ])
        let coloured = RichTextRenderer(width: nil, usesColor: true).lines(for: RichText(json: blocks), indent: "")
        #expect(coloured.joined().contains("\u{1B}[1mboots\u{1B}[0m"))
        let wrapped = RichTextRenderer(width: 20, usesColor: false)
            .lines(for: RichText(plaintext: "one two three four five six seven"), indent: "  ")
        #expect(wrapped == ["  one two three four", "  five six seven"])
    }

    @Test("rich text: a line break inside a paragraph starts a new line there")
    func lineBreak() {
        // As AEM sends a `<br>`: {"nodeType": "line-break", "content": []}.
        let paragraph = RichTextNode(
            .paragraph,
            children: [
                RichTextNode(.text, value: "Starting at"),
                RichTextNode(nodeType: "line-break"),
                RichTextNode(.text, value: " 95 EUR per person"),
            ])
        #expect(paragraph.children[1].kind == .lineBreak)
        #expect(paragraph.plainText == "Starting at\n 95 EUR per person")
        let lines = RichTextRenderer(width: nil, usesColor: false).lines(for: RichText(json: [paragraph]), indent: "  ")
        #expect(lines == ["  Starting at", "  95 EUR per person"])
        let list = RichTextNode(
            .unorderedList,
            children: [
                RichTextNode(
                    .listItem,
                    children: [
                        RichTextNode(.text, value: "one"), RichTextNode(.lineBreak), RichTextNode(.text, value: "two"),
                    ])
            ])
        #expect(
            RichTextRenderer(width: nil, usesColor: false).lines(for: RichText(json: [list]), indent: "") == [
                "• one", "  two",
            ])
    }

    @Test("every node type AEM sends is known by its name")
    func nodeTypes() {
        let names = [
            "paragraph", "text", "link", "header", "unordered-list", "ordered-list", "list-item", "table",
            "table-body", "table-row", "table-data", "line-break", "reference",
        ]
        for name in names {
            let kind = RichTextNode(nodeType: name).kind
            #expect(kind != .unknown(name), "\(name)")
            #expect(kind.nodeType == name)
        }
    }
}
