import Foundation
import Testing

@testable import AEMHeadless

/// Stored rich-text HTML read as the node tree of AEM's `json` rendition.
@Suite struct HTMLRichTextReaderTests {
    private func nodes(_ html: String) -> [RichTextNode] {
        HTMLRichTextReader.nodes(html: html)
    }

    private func text(_ value: String, _ variants: RichTextNode.Variant...) -> RichTextNode {
        RichTextNode(.text, value: value, variants: variants)
    }

    private func paragraph(_ children: RichTextNode...) -> RichTextNode {
        RichTextNode(.paragraph, children: children)
    }

    @Test func paragraphs() {
        #expect(nodes("<p>One</p>\n<p>Two</p>") == [paragraph(text("One")), paragraph(text("Two"))])
        #expect(nodes("<p>one<p>two") == [paragraph(text("one")), paragraph(text("two"))])
        #expect(nodes("<p></p>") == [paragraph()])
        #expect(nodes("loose <b>text</b>") == [paragraph(text("loose "), text("text", .bold))])
        #expect(nodes("<p>line one\nline two</p>") == [paragraph(text("line one line two"))])
    }

    @Test func nestedFormats() {
        #expect(
            nodes("<p>a <b>bold <i>both</i></b> <u>under</u> <em><strong>x</strong></em></p>") == [
                paragraph(
                    text("a "), text("bold ", .bold), text("both", .bold, .italic), text(" "),
                    text("under", .underline), text(" "), text("x", .italic, .bold))
            ])
        #expect(nodes("<p><strong><b>once</b></strong></p>") == [paragraph(text("once", .bold))])
        #expect(nodes("<p><s>gone</s></p>") == [paragraph(text("gone", "strikethrough"))])
    }

    @Test func links() throws {
        let blocks = nodes(
            #"<p><a href="https://example.com/?a=1&amp;b=2" target="_blank">Go <b>now</b></a> <a href="/content/dam/site/doc.pdf">doc</a> <a>bare</a> <a href="x" target="">x</a></p>"#
        )
        let children = try #require(blocks.first?.children)
        #expect(
            children == [
                RichTextNode(
                    .link, value: "Go now",
                    data: RichTextNode.NodeData(href: "https://example.com/?a=1&b=2", target: "_blank")),
                text(" "),
                RichTextNode(.link, value: "doc", data: RichTextNode.NodeData(href: "/content/dam/site/doc.pdf")),
                text(" "), text("bare"), text(" "),
                RichTextNode(.link, value: "x", data: RichTextNode.NodeData(href: "x")),
            ])
        #expect(children[2].kind == .link)
    }

    @Test func headers() {
        for level in 1...6 {
            let blocks = nodes("<h\(level)>Title <i>it</i></h\(level)>")
            #expect(blocks == [RichTextNode(.header(level: level), children: [text("Title "), text("it", .italic)])])
            #expect(blocks.first?.style == "h\(level)")
        }
    }

    @Test func lists() {
        #expect(
            nodes("<ul><li>one<li>two</ul><ol><li><p>para</p><ul><li>inner</li></ul></li></ol>") == [
                RichTextNode(
                    .unorderedList,
                    children: [
                        RichTextNode(.listItem, children: [text("one")]),
                        RichTextNode(.listItem, children: [text("two")]),
                    ]),
                RichTextNode(
                    .orderedList,
                    children: [
                        RichTextNode(
                            .listItem,
                            children: [
                                paragraph(text("para")),
                                RichTextNode(
                                    .unorderedList, children: [RichTextNode(.listItem, children: [text("inner")])]),
                            ])
                    ]),
            ])
    }

    @Test func tables() {
        let html =
            "<table><thead><tr><th>H</th></tr></thead><tbody><tr><td>a</td><td><b>b</b></td></tr></tbody></table>"
        #expect(
            nodes(html) == [
                RichTextNode(
                    .table,
                    children: [
                        RichTextNode(
                            .tableBody,
                            children: [
                                RichTextNode(.tableRow, children: [RichTextNode(.tableData, children: [text("H")])]),
                                RichTextNode(
                                    .tableRow,
                                    children: [
                                        RichTextNode(.tableData, children: [text("a")]),
                                        RichTextNode(.tableData, children: [text("b", .bold)]),
                                    ]),
                            ])
                    ])
            ])
    }

    @Test func lineBreaks() {
        let blocks = nodes("<p>Starting at<br>\n{price}<br/></p>")
        #expect(
            blocks == [
                paragraph(text("Starting at"), RichTextNode(.lineBreak), text(" {price}"), RichTextNode(.lineBreak))
            ]
        )
        #expect(blocks.first?.plainText == "Starting at\n {price}\n")
    }

    @Test func images() {
        #expect(
            nodes(#"<p><img src="/content/dam/a/b.PNG?width=100" alt="b"><img src="/content/dam/a/c.jpg"></p>"#) == [
                paragraph(
                    RichTextNode(
                        .assetReference,
                        data: RichTextNode.NodeData(path: "/content/dam/a/b.PNG?width=100", mimetype: "image/png")),
                    RichTextNode(
                        .assetReference,
                        data: RichTextNode.NodeData(path: "/content/dam/a/c.jpg", mimetype: "image/jpeg"))
                )
            ])
        let unknownType = nodes(#"<img src="/content/dam/a.b/file">"#)
        #expect(
            unknownType == [
                paragraph(RichTextNode(.assetReference, data: RichTextNode.NodeData(path: "/content/dam/a.b/file")))
            ])
        #expect(unknownType.first?.children.first?.kind == .assetReference)
        #expect(nodes("<p><img><img src=''></p>") == [paragraph()])
        // The media types are the downloads' and the emulator's: one table.
        #expect(
            nodes(#"<img src="/content/dam/a/b.svg#x"><img src="/content/dam/a/c.heic"><img src="/x/d.xyz">"#)
                .first?.children.map(\.data?.mimetype) == ["image/svg+xml", "image/heic", nil])
    }

    @Test func entities() {
        #expect(
            nodes("<p>Fish &amp; chips&nbsp;&#8217;&#x2013; &bogus; &lt;b&gt;</p>") == [
                paragraph(text("Fish & chips\u{00A0}\u{2019}\u{2013} &bogus; <b>"))
            ])
    }

    @Test func unknownTagsKeepTheirText() {
        #expect(
            nodes(
                #"<div><p><span class="x">kept</span> <custom-tag>also</custom-tag></p><section>loose</section></div>"#)
                == [paragraph(text("kept"), text(" "), text("also")), paragraph(text("loose"))])
        #expect(nodes("<p>a</p>\n  <!-- note -->\n<p>b</p>") == [paragraph(text("a")), paragraph(text("b"))])
    }

    @Test func malformedInputNeverFails() {
        for html in [
            "<p>open", "</b></p>text", "<", "a < b > c", "<p <b>x", "<!-- unterminated", "<a href=\"x", "&#0;&#xZZ;&",
            String(repeating: "<b>", count: 10_000) + "deep", String(repeating: "<ul><li>", count: 2_000),
            "<img src=>", "<>", "</>", "<table><td>cell</table>", "<tr><td>x", "\u{0}\u{FFFD}<\u{1F600}>",
        ] {
            _ = nodes(html).map(\.plainText)
        }
        #expect(nodes("a < b > c") == [paragraph(text("a < b > c"))])
        #expect(nodes("<p><b>bold") == [paragraph(text("bold", .bold))])
        #expect(nodes("</b>stray") == [paragraph(text("stray"))])
        #expect(nodes("<p unterminated").isEmpty)
    }

    @Test func emptyInput() {
        #expect(nodes("").isEmpty)
        #expect(nodes(" \n\t ").isEmpty)
        #expect(nodes("<div> </div>").isEmpty)
    }
}
