import AEMHeadless
import Foundation
import Testing

@Suite("Rich text: the typed json tree")
struct RichTextTests {
    private func description() throws -> RichText {
        let result = try RecordedFixture.listData("adventure-by-slug.json")
        return try #require(result?.adventureList?.items.first?.description)
    }

    @Test func blockKindsInOrder() throws {
        let blocks = try #require(try description().json)
        #expect(
            blocks.map(\.kind) == [
                .header(level: 2), .paragraph, .paragraph, .assetReference, .header(level: 3), .unorderedList,
                .unknown("callout"), .table,
            ])
        #expect(blocks[0].plainText == "Limestone above the sea")
        #expect(blocks[4].style == "h3")
    }

    @Test func textVariantsIncludingUnknownOnes() throws {
        let paragraph = try #require(try description().json?[1])
        let texts = paragraph.children
        #expect(texts.allSatisfy { $0.kind == .text })
        let byValue = Dictionary(uniqueKeysWithValues: texts.map { ($0.value ?? "", $0.variants) })
        #expect(byValue["Four days on the "] == [])
        #expect(byValue["sun-warmed"] == [.bold])
        #expect(byValue["Mediterranean"] == [.italic])
        #expect(byValue["your own shoes"] == [.underline])
        #expect(byValue["Chalk is not optional"] == [.bold, .italic])
        #expect(byValue["sunscreen"] == [RichTextNode.Variant(rawValue: "strikethrough")])
        #expect(texts.first { $0.value == "Chalk is not optional" }?.has(.italic) == true)
        #expect(texts.first { $0.value == "sun-warmed" }?.has(.italic) == false)
        #expect(paragraph.plainText.hasSuffix("Chalk is not optional and neither is sunscreen."))
    }

    @Test func linkAndFragmentReference() throws {
        let paragraph = try #require(try description().json?[2])
        #expect(paragraph.children.map(\.kind) == [.text, .link, .text, .fragmentReference, .text])
        let link = paragraph.children[1]
        #expect(link.value == "route guide")
        #expect(link.data?.href == "https://example.org/guides/calanques")
        #expect(link.data?.target == "_blank")
        let fragment = paragraph.children[3]
        #expect(fragment.nodeType == "reference")
        #expect(fragment.value == "Dolomites Hut to Hut")
        #expect(fragment.data?.type == "fragment")
        #expect(
            fragment.data?.href == "/content/dam/wknd-shared/en/adventures/dolomites-hut-to-hut/dolomites-hut-to-hut")
        #expect(
            paragraph.plainText
                == "Read the route guide before you come. Not ready for 6a\u{00A0}yet? Try Dolomites Hut to Hut first.")
    }

    @Test func assetReference() throws {
        let asset = try #require(try description().json?[3])
        #expect(asset.kind == .assetReference)
        #expect(
            asset.data?.path
                == "/content/dam/wknd-shared/en/adventures/cote-azur-sea-cliffs/Calanques crag – morning.jpg")
        #expect(asset.data?.mimetype == "image/jpeg")
        #expect(asset.data?.href == nil)
        #expect(asset.plainText == "")
    }

    @Test func listsAndListItems() throws {
        let list = try #require(try description().json?[5])
        #expect(list.kind == .unorderedList)
        #expect(list.children.map(\.kind) == [.listItem, .listItem])
        #expect(list.children.map { $0.children.map(\.kind) } == [[.paragraph], [.paragraph]])
        #expect(list.children[0].plainText == "Single-pitch sport routes, 5c–6b")

        let itinerary = try #require(
            try RecordedFixture.listData("adventure-by-slug.json")?.adventureList?.items.first?.itinerary)
        let ordered = try #require(itinerary.json?[1])
        #expect(ordered.kind == .orderedList)
        #expect(ordered.children.count == 3)
        #expect(ordered.children[2].plainText == "Day 4: multi-pitch and a swim, then café au lait in the port")
    }

    @Test func tableParts() throws {
        let table = try #require(try description().json?[7])
        #expect(table.kind == .table)
        let body = try #require(table.children.first)
        #expect(body.kind == .tableBody)
        #expect(body.children.count == 3)
        #expect(
            body.children.allSatisfy { $0.kind == .tableRow && $0.children.map(\.kind) == [.tableData, .tableData] })
        #expect(
            body.children.map { $0.children.map(\.plainText) } == [
                ["Grade", "Routes"], ["5c–6a", "12"], ["6b+", "4"],
            ])
    }

    @Test func unknownNodeTypeKeepsChildrenTextAndOtherMembers() throws {
        let callout = try #require(try description().json?[6])
        #expect(callout.kind == .unknown("callout"))
        #expect(callout.value == "Heads up: ")
        #expect(callout.children.map(\.kind) == [.text])
        #expect(callout.other["tone"] == .string("warning"))
        #expect(
            callout.plainText
                == "Heads up: The crags close in high fire-risk weather; we move to the gym in Aix if they do.")
    }

    @Test func encodingGivesBackAEMsExactJSON() throws {
        let original = try RecordedFixture.json(RecordedFixture.data("adventure-by-slug.json"))
        let item = try #require(
            original["data"]?["adventureList"]?["items"].flatMap { value -> UntypedJSON? in
                if case .array(let items) = value { return items.first }
                return nil
            })
        let decoded = try #require(
            try RecordedFixture.listData("adventure-by-slug.json")?.adventureList?.items.first)
        for field in ["description", "itinerary"] {
            let sent = try #require(item[field]?["json"])
            let nodes = field == "description" ? decoded.description?.json : decoded.itinerary?.json
            let encoded = try RecordedFixture.json(JSONEncoder().encode(nodes))
            #expect(encoded == sent, "\(field).json must encode back to what AEM sent")
        }
    }

    @Test func oddNodesDecodeWithoutFailing() throws {
        let json = #"""
            {"json": [
              {"nodeType": "embed", "value": "v", "content": [{"nodeType": "text", "value": "inner"}, 42, null]},
              "stray text",
              {"nodeType": "header", "content": [{"nodeType": "text", "value": "No style"}]},
              {"nodeType": "header", "style": "h7"},
              {"nodeType": "reference", "data": {"href": "/content/dam/x"}},
              {"nodeType": "reference", "data": {"path": "/content/dam/y.png", "mimetype": "image/png", "alt": "A view"}},
              {"nodeType": "text", "value": "plain", "format": {"variants": ["bold", 3, "superscript"]}},
              {"value": "no node type"}
            ], "plaintext": null, "markdown": 5}
            """#
        let text = try JSONDecoder().decode(RichText.self, from: Data(json.utf8))
        #expect(text.plaintext == nil)
        #expect(text.markdown == nil)
        let nodes = try #require(text.json)
        #expect(
            nodes.map(\.kind) == [
                .unknown("embed"), .header(level: nil), .header(level: nil), .fragmentReference, .assetReference, .text,
                .unknown(""),
            ])
        #expect(nodes[0].plainText == "vinner")
        #expect(nodes[4].data?.other["alt"] == .string("A view"))
        #expect(nodes[5].variants == [.bold, "superscript"])
        #expect(text.text == "vinner\nNo style\n\n\n\nplain\nno node type")
    }

    @Test func plaintextIsPreferredForText() {
        let text = RichText(
            plaintext: "Plain", json: [RichTextNode(.paragraph, children: [RichTextNode(.text, value: "Tree")])])
        #expect(text.text == "Plain")
        #expect(RichText(json: text.json).text == "Tree")
    }

    @Test func nodesBuiltFromKindsHaveAEMsShape() throws {
        let header = RichTextNode(.header(level: 3), children: [RichTextNode(.text, value: "Gear", variants: [.bold])])
        #expect(header.nodeType == "header")
        #expect(header.style == "h3")
        #expect(header.kind == .header(level: 3))
        let fragment = RichTextNode(.fragmentReference, value: "Other", data: .init(href: "/content/dam/other"))
        #expect(fragment.nodeType == "reference")
        #expect(fragment.data?.type == "fragment")
        #expect(fragment.kind == .fragmentReference)
        #expect(RichTextNode(.tableData).nodeType == "table-data")
        #expect(RichTextNode(.unknown("horizontal-rule")).kind == .unknown("horizontal-rule"))

        let json = try RecordedFixture.json(JSONEncoder().encode(header))
        #expect(
            json
                == UntypedJSON(dictionary: [
                    "nodeType": .string("header"), "style": .string("h3"),
                    "content": .array([
                        UntypedJSON(dictionary: [
                            "nodeType": .string("text"), "value": .string("Gear"),
                            "format": UntypedJSON(dictionary: ["variants": .array([.string("bold")])]),
                        ])
                    ]),
                ]))
    }
}
