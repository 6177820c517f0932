import AEMHeadless
import Foundation
import Testing

@testable import AEMEmulator

/// The `json`, `plaintext` and `markdown` renditions derived from stored rich-text HTML.
@Suite struct HTMLRichTextTests {
    private let targets = HTMLRichText.Targets(
        isFragment: { $0.hasPrefix("/content/dam/site/fragments/") },
        mimeType: { $0.hasSuffix(".png") ? "image/png" : nil })

    private func json(_ html: String) -> String {
        let value = OrderedJSON.array(
            HTMLRichText(html: html, targets: targets).nodes.map { ResultEncoding.json($0.map) })
        return String(decoding: value.serialized, as: UTF8.self)
    }

    @Test func paragraphsFormatsAndEntities() {
        #expect(
            json("<p>This is <b>important</b> content.&nbsp;</p>\n")
                == #"[{"nodeType":"paragraph","content":[{"nodeType":"text","value":"This is "},{"nodeType":"text","value":"important","format":{"variants":["bold"]}},{"nodeType":"text","value":" content.\#u{00A0}"}]}]"#
        )
        #expect(
            json("<p><strong><em>both</em></strong> <u>under</u></p>")
                == #"[{"nodeType":"paragraph","content":[{"nodeType":"text","value":"both","format":{"variants":["bold","italic"]}},{"nodeType":"text","value":" "},{"nodeType":"text","value":"under","format":{"variants":["underline"]}}]}]"#
        )
    }

    @Test func lineBreaksLinksFragmentsAndImages() {
        #expect(
            json("<p>Starting at<br>\n{formattedPrice}</p>\n")
                == #"[{"nodeType":"paragraph","content":[{"nodeType":"text","value":"Starting at"},{"nodeType":"line-break","content":[]},{"nodeType":"text","value":" {formattedPrice}"}]}]"#
        )
        #expect(
            json(
                #"<p><a href="https://example.com" target="_blank">site</a> <a href="/content/dam/site/fragments/x">X</a><img src="/content/dam/a.png"></p>"#
            )
                == #"[{"nodeType":"paragraph","content":[{"nodeType":"link","data":{"href":"https://example.com","target":"_blank"},"value":"site"},{"nodeType":"text","value":" "},{"nodeType":"reference","data":{"href":"/content/dam/site/fragments/x","type":"fragment"},"value":"X"},{"nodeType":"reference","data":{"path":"/content/dam/a.png","mimetype":"image/png"}}]}]"#
        )
    }

    @Test func headersListsAndTables() {
        #expect(
            json("<h2>Title</h2><ul><li>one</li><li>two</ul><ol><li>first</li></ol>")
                == #"[{"nodeType":"header","style":"h2","content":[{"nodeType":"text","value":"Title"}]},{"nodeType":"unordered-list","content":[{"nodeType":"list-item","content":[{"nodeType":"text","value":"one"}]},{"nodeType":"list-item","content":[{"nodeType":"text","value":"two"}]}]},{"nodeType":"ordered-list","content":[{"nodeType":"list-item","content":[{"nodeType":"text","value":"first"}]}]}]"#
        )
        #expect(
            json("<table><tbody><tr><td>a</td><td>b</td></tr></tbody></table>")
                == #"[{"nodeType":"table","content":[{"nodeType":"table-body","content":[{"nodeType":"table-row","content":[{"nodeType":"table-data","content":[{"nodeType":"text","value":"a"}]},{"nodeType":"table-data","content":[{"nodeType":"text","value":"b"}]}]}]}]}]"#
        )
    }

    @Test func plaintextAndMarkdown() {
        let text = HTMLRichText(
            html: "<p><b>Keramas</b></p>\n<p>Waves&nbsp;here.</p>\n<p>Starting at<br>\n{price}</p>", targets: targets)
        #expect(RichTextRenditions.plaintext(text.nodes) == "Keramas\n\nWaves\u{00A0}here.\n\nStarting at\n{price}")
        #expect(
            RichTextRenditions.markdown(text.nodes) == "**Keramas**\n\nWaves\u{00A0}here.\n\nStarting at  \n {price}")
        let list = HTMLRichText(
            html: "<h3>Kit</h3><ul><li>board</li><li><a href=\"https://w.example\">wax</a></li></ul>", targets: targets)
        #expect(RichTextRenditions.plaintext(list.nodes) == "Kit\n\nboard\nwax")
        #expect(RichTextRenditions.markdown(list.nodes) == "### Kit\n\n- board\n- [wax](https://w.example)")
    }

    @Test func referencedPathsInDocumentOrder() {
        let text = HTMLRichText(
            html:
                #"<p><img src="/content/dam/a.png"><a href="/content/dam/site/fragments/x">X</a><a href="/content/dam/doc.pdf">d</a><a href="https://e.example">e</a></p>"#,
            targets: targets)
        #expect(
            text.referencedPaths == ["/content/dam/a.png", "/content/dam/site/fragments/x", "/content/dam/doc.pdf"])
    }

    @Test func malformedHTMLNeverFails() {
        for html in [
            "<p>open", "</b></p>text", "<", "a < b > c", "<p <b>x", "<!-- unterminated", "<a href=\"x",
            "&#0;&#xZZ;&bogus;&",
            String(repeating: "<b>", count: 500) + "deep", "<img src=>", "<p>one<p>two", "<>", "</>",
        ] {
            let text = HTMLRichText(html: html, targets: targets)
            _ = RichTextRenditions.plaintext(text.nodes)
            _ = RichTextRenditions.markdown(text.nodes)
        }
        #expect(RichTextRenditions.plaintext(HTMLRichText(html: "a < b > c", targets: targets).nodes) == "a < b > c")
        #expect(
            RichTextRenditions.plaintext(HTMLRichText(html: "<p>one<p>two", targets: targets).nodes) == "one\n\ntwo")
    }

    @Test func servedThroughMultiFormatString() async {
        let engine = QueryEngine(repository: EngineFixtures.articleRepository())
        let answer = await EngineFixtures.run(
            engine, "magazine",
            #"{ articleByPath(_path: "/content/dam/magazine/articles/alaska") { item { body { html plaintext markdown json } } } }"#
        )
        #expect(
            answer.text
                == #"{"data":{"articleByPath":{"item":{"body":{"html":"<p>Plain *text* line one<br>\nline two</p>","plaintext":"Plain *text* line one\nline two","markdown":"Plain *text* line one\nline two","json":[{"nodeType":"paragraph","content":[{"nodeType":"text","value":"Plain *text* line one"},{"nodeType":"line-break","content":[]},{"nodeType":"text","value":" line two"}]}]}}}}}"#
        )
    }

    /// The client reads a delivered HTML field into the tree the emulator's `json` rendition serves for the same
    /// HTML, where the two can agree: no fragment links, and images whose extension names their type.
    @Test func sameTreeAsTheEmulatorsJSONRendition() throws {
        let html = """
            <h2>Kit</h2>
            <p>This is <b>important</b> <i><u>content</u></i>.&nbsp;<br>
            <a href="https://example.com" target="_blank">site</a> <img src="/content/dam/a.png"></p>
            <div><ul><li>board</li><li><p>wax</p></li></ul></div>
            <table><tr><th>a</th><td><em>b</em></td></tr></table>
            <ol><li>first</ol> trailing <span>text</span>
            """
        let emulated = HTMLRichText(
            html: html, targets: HTMLRichText.Targets(isFragment: { _ in false }, mimeType: { _ in nil }))
        let fragment = try DeliveredFragment([
            "id": "x", "path": "/content/dam/x", "fields": ["body": ["value": .string(html), "mimeType": "text/html"]],
        ])
        let nodes = try #require(fragment.richText("body")?.json)
        #expect(
            nodes.map(\.kind) == [
                .header(level: 2), .paragraph, .unorderedList, .table, .orderedList, .paragraph,
            ])
        let json = OrderedJSON.array(emulated.nodes.map { ResultEncoding.json($0.map) }).serialized
        #expect(try JSONDecoder().decode([RichTextNode].self, from: Data(json)) == nodes)
    }
}
