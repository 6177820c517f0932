import AEMHeadless
import Foundation
import Testing
import WKNDSample

@Suite("Rich text as an AttributedString")
struct RichTextAttributedStringTests {
    private func text(_ value: String, _ variants: RichTextNode.Variant...) -> RichTextNode {
        RichTextNode(.text, value: value, variants: variants)
    }

    private func paragraph(_ children: RichTextNode...) -> RichTextNode {
        RichTextNode(.paragraph, children: children)
    }

    private func item(_ children: RichTextNode...) -> RichTextNode {
        RichTextNode(.listItem, children: children)
    }

    /// The part of `string` that reads `needle`, to look at its attributes.
    private func part(_ needle: String, of string: AttributedString) throws -> AttributedSubstring {
        let range = try #require(string.range(of: needle), "“\(needle)” is in “\(String(string.characters))”")
        return string[range]
    }

    private func recordedList() throws -> AdventureList {
        try #require(try RecordedFixture.listData("adventure-by-slug.json")?.adventureList)
    }

    // MARK: Blocks

    @Test func paragraphsAreSeparatedByABlankLineAndEmptyOnesLeaveNoTrace() throws {
        let string = [paragraph(text("One")), paragraph(), paragraph(text("Two"))].attributedString()
        #expect(String(string.characters) == "One\n\nTwo")
        #expect(try part("One", of: string).richTextBlock == .paragraph)
        #expect(try part("\n\n", of: string).richTextBlock == nil)
        #if canImport(Darwin)
        #expect(try part("Two", of: string).presentationIntent?.components.map(\.kind) == [.paragraph])
        #endif
    }

    @Test func headersCarryTheirLevel() throws {
        let nodes = [
            RichTextNode(.header(level: 2), children: [text("Title")]), paragraph(text("Body")),
            RichTextNode(nodeType: "header", style: "h9", children: [text("Odd")]),
        ]
        let string = nodes.attributedString()
        #expect(String(string.characters) == "Title\n\nBody\n\nOdd")
        #expect(try part("Title", of: string).richTextBlock == .header(level: 2))
        #expect(try part("Odd", of: string).richTextBlock == .header(level: nil))
        #if canImport(Darwin)
        #expect(try part("Title", of: string).presentationIntent?.components.map(\.kind) == [.header(level: 2)])
        #expect(try part("Odd", of: string).presentationIntent?.components.map(\.kind) == [.paragraph])
        #endif
    }

    @Test func topLevelInlineNodesMakeOneParagraph() throws {
        let string = [text("a "), text("b"), RichTextNode(.header(level: 1), children: [text("H")])].attributedString()
        #expect(String(string.characters) == "a b\n\nH")
        #expect(try part("a b", of: string).richTextBlock == .paragraph)
    }

    // MARK: Variants

    @Test(arguments: [
        RichTextNode.Variant.bold, .italic, .underline, "code", "strikethrough", "superscript",
    ])
    func variantIsKept(_ variant: RichTextNode.Variant) throws {
        let string = [paragraph(text("plain "), text("styled", variant))].attributedString()
        #expect(String(string.characters) == "plain styled")
        #expect(try part("styled", of: string).richTextVariants == [variant])
        #expect(try part("plain ", of: string).richTextVariants == nil)
    }

    @Test func variantsCombineAndNestedTextInheritsThem() throws {
        let outer = RichTextNode(
            .text, value: "both", variants: [.bold, .italic], children: [text(" inner", .underline)])
        let string = [paragraph(outer)].attributedString()
        #expect(try part("both", of: string).richTextVariants == [.bold, .italic])
        #expect(try part(" inner", of: string).richTextVariants == [.bold, .italic, .underline])
    }

    #if canImport(Darwin)
    @Test func variantsBecomeInlinePresentationIntents() throws {
        let string = [
            paragraph(
                text("b", .bold), text("i", .italic), text("c", "code"), text("s", "strikethrough"),
                text("u", .underline))
        ].attributedString()
        #expect(try part("b", of: string).inlinePresentationIntent == .stronglyEmphasized)
        #expect(try part("i", of: string).inlinePresentationIntent == .emphasized)
        #expect(try part("c", of: string).inlinePresentationIntent == .code)
        #expect(try part("s", of: string).inlinePresentationIntent == .strikethrough)
        #expect(try part("u", of: string).inlinePresentationIntent == nil)
    }
    #endif

    // MARK: Links

    @Test func linkCarriesItsHref() throws {
        let link = RichTextNode(
            .link, value: "route guide",
            data: .init(href: "https://example.org/guides/calanques", target: "_blank"))
        let string = [paragraph(text("Read the "), link, text("."))].attributedString()
        #expect(String(string.characters) == "Read the route guide.")
        #expect(try part("route guide", of: string).link == URL(string: "https://example.org/guides/calanques"))
        #expect(try part("Read the ", of: string).link == nil)
    }

    @Test func linkReadsAsItsChildrenElseItsHref() throws {
        let styled = RichTextNode(
            .link, data: .init(href: "https://example.org/a"), children: [text("bold link", .bold)])
        let bare = RichTextNode(.link, data: .init(href: "https://example.org/b"))
        let string = [paragraph(styled, text(" "), bare)].attributedString()
        #expect(String(string.characters) == "bold link https://example.org/b")
        let part = try part("bold link", of: string)
        #expect(part.link == URL(string: "https://example.org/a"))
        #expect(part.richTextVariants == [.bold])
        #expect(try self.part("https://example.org/b", of: string).link == URL(string: "https://example.org/b"))
    }

    @Test func unreadableHrefKeepsTheTextWithoutALink() throws {
        let invalid = RichTextNode(.link, value: "broken", data: .init(href: "https://exa mple.org"))
        let empty = RichTextNode(.link, value: "nowhere", data: .init(href: "  "))
        let string = [paragraph(invalid, text(" "), empty)].attributedString()
        #expect(String(string.characters) == "broken nowhere")
        #expect(string.runs.allSatisfy { $0.link == nil })
    }

    // MARK: Lists

    @Test func unorderedList() throws {
        let list = RichTextNode(.unorderedList, children: [item(paragraph(text("One"))), item(text("Two"))])
        let string = [list].attributedString()
        #expect(String(string.characters) == "• One\n• Two")
        #expect(try part("• ", of: string).richTextBlock == .listItem)
        #expect(try part("Two", of: string).richTextBlock == .paragraph)
        #if canImport(Darwin)
        let kinds = try part("Two", of: string).presentationIntent?.components.map(\.kind) ?? []
        #expect(kinds.contains(.unorderedList))
        #expect(kinds.contains(.listItem(ordinal: 2)))
        #endif
    }

    @Test func orderedListNumbersItsItems() {
        let items = ["a", "b", "c"].map { item(paragraph(text($0))) }
        let string = [RichTextNode(.orderedList, children: items), paragraph(text("after"))].attributedString()
        #expect(String(string.characters) == "1. a\n2. b\n3. c\n\nafter")
    }

    @Test func nestedListsAreIndentedToTheirItemsText() {
        let inner = RichTextNode(
            .orderedList, children: [item(text("A"), RichTextNode(.lineBreak), text("A2")), item(text("B"))])
        let deepest = RichTextNode(.unorderedList, children: [item(text("deep"))])
        let outer = RichTextNode(
            .unorderedList,
            children: [
                item(paragraph(text("One")), inner), item(deepest), item(text("Two"), paragraph(text("more"))),
            ])
        let string = [outer, paragraph(text("After"))].attributedString()
        #expect(
            String(string.characters)
                == "• One\n  1. A\n     A2\n  2. B\n• \n  • deep\n• Two\n  more\n\nAfter")
    }

    // MARK: Line breaks, tables, unknown nodes

    @Test func lineBreak() throws {
        let string = [paragraph(text("first"), RichTextNode(.lineBreak), text("second"))].attributedString()
        #expect(String(string.characters) == "first\nsecond")
        #if canImport(Darwin)
        #expect(try part("\n", of: string).inlinePresentationIntent == .lineBreak)
        #endif
    }

    @Test func tableRowsAreLinesAndCellsAreTabSeparated() throws {
        func cell(_ children: RichTextNode...) -> RichTextNode { RichTextNode(.tableData, children: children) }
        func row(_ cells: RichTextNode...) -> RichTextNode { RichTextNode(.tableRow, children: cells) }
        let table = RichTextNode(
            .table,
            children: [
                RichTextNode(
                    .tableBody,
                    children: [
                        row(cell(text("Grade")), cell(text("Routes"))),
                        row(cell(), cell(text("12"))),
                        row(cell(paragraph(text("two")), paragraph(text("paragraphs"))), cell(text("a"), text("b"))),
                        row(cell(text("broken"), RichTextNode(.lineBreak), text("line"))),
                    ])
            ])
        let string = [paragraph(text("Before")), table, paragraph(text("After"))].attributedString()
        #expect(String(string.characters) == "Before\n\nGrade\tRoutes\n\t12\ntwo paragraphs\tab\nbroken line\n\nAfter")
        #expect(try part("Routes", of: string).richTextBlock == .tableData)
        #if canImport(Darwin)
        let kinds = try part("Routes", of: string).presentationIntent?.components.map(\.kind) ?? []
        #expect(kinds.contains(.tableCell(columnIndex: 1)))
        #expect(kinds.contains(.tableRow(rowIndex: 0)))
        #endif
    }

    @Test func unknownNodesKeepTheirTextAndChildren() throws {
        let inlineCallout = RichTextNode(nodeType: "callout", value: "Heads up: ", children: [text("close", .bold)])
        let container = RichTextNode(
            nodeType: "aside", value: "Note", children: [paragraph(text("inner")), paragraph(text("more"))])
        let inlineUnknown = RichTextNode(nodeType: "mark", value: "marked")
        let nodes = [inlineCallout, container, paragraph(text("a "), inlineUnknown, text(" b"))]
        let string = nodes.attributedString()
        #expect(String(string.characters) == "Heads up: close\n\nNote\n\ninner\n\nmore\n\na marked b")
        #expect(try part("Heads up: ", of: string).richTextBlock == .unknown("callout"))
        #expect(try part("close", of: string).richTextVariants == [.bold])
        #expect(try part("Note", of: string).richTextBlock == .unknown("aside"))
        #expect(try part("marked", of: string).richTextBlock == .paragraph)
    }

    // MARK: References

    private let assetPath = "/content/dam/wknd-shared/en/adventures/x/Crag – morning.jpg"
    private let fragmentPath = "/content/dam/wknd-shared/en/adventures/dolomites-hut-to-hut/dolomites-hut-to-hut"

    @Test func assetReferenceWithoutLookupLinksItsPath() throws {
        let asset = RichTextNode(.assetReference, data: .init(path: assetPath, mimetype: "image/jpeg"))
        let string = [asset].attributedString()
        #expect(String(string.characters) == assetPath)
        let expected = URL(string: "/content/dam/wknd-shared/en/adventures/x/Crag%20%E2%80%93%20morning.jpg")
        #expect(string.runs.first?.link == expected)
        #expect(string.runs.first?.imageURL == expected)
        #expect(string.runs.first?.richTextBlock == .paragraph)
    }

    @Test func assetReferenceWithLookupUsesTheAppsURLAndReadsAsItsAltText() throws {
        let delivery = try #require(URL(string: "https://cdn.example.org/crag.jpg?width=800"))
        var asked: [RichTextReference] = []
        let asset = RichTextNode(
            .assetReference, data: .init(path: assetPath, other: ["alt": .string("The crag at dawn")]))
        let string = [paragraph(text("See "), asset)].attributedString { reference in
            asked.append(reference)
            return delivery
        }
        #expect(asked == [.asset(path: assetPath)])
        #expect(String(string.characters) == "See The crag at dawn")
        #expect(try part("The crag at dawn", of: string).link == delivery)
        #expect(try part("The crag at dawn", of: string).imageURL == delivery)
    }

    @Test func fragmentReferenceWithoutLookupLinksItsPath() throws {
        let fragment = RichTextNode(.fragmentReference, value: "Dolomites Hut to Hut", data: .init(href: fragmentPath))
        let untitled = RichTextNode(.fragmentReference, data: .init(href: "/content/dam/other"))
        let string = [paragraph(text("Try "), fragment, text(" or "), untitled)].attributedString()
        #expect(String(string.characters) == "Try Dolomites Hut to Hut or /content/dam/other")
        #expect(try part("Dolomites Hut to Hut", of: string).link == URL(string: fragmentPath))
        #expect(try part("/content/dam/other", of: string).link == URL(string: "/content/dam/other"))
    }

    @Test func fragmentReferenceWithLookupUsesTheAppsLinkAndFallsBackToThePath() throws {
        let appLink = try #require(URL(string: "wknd://adventures/dolomites-hut-to-hut"))
        let known = RichTextNode(.fragmentReference, value: "Known", data: .init(href: fragmentPath))
        let unknown = RichTextNode(.fragmentReference, value: "Unknown", data: .init(href: "/content/dam/gone"))
        var asked: [RichTextReference] = []
        let string = [paragraph(known, text(" "), unknown)].attributedString { reference in
            asked.append(reference)
            return reference.path == fragmentPath ? appLink : nil
        }
        #expect(asked == [.fragment(path: fragmentPath), .fragment(path: "/content/dam/gone")])
        #expect(try part("Known", of: string).link == appLink)
        #expect(try part("Unknown", of: string).link == URL(string: "/content/dam/gone"))
    }

    // MARK: Forms of the field

    @Test func jsonElsePlaintextElseEmpty() {
        let tree = [paragraph(text("Tree"))]
        #expect(String(RichText(plaintext: "Plain", json: tree).attributedString().characters) == "Tree")
        #expect(String(RichText(plaintext: "Plain\nText", json: []).attributedString().characters) == "Plain\nText")
        #expect(RichText(plaintext: "Plain").attributedString().runs.count == 1)
        #expect(RichText(html: "<p>Only HTML</p>").attributedString() == AttributedString())
    }

    // MARK: The recorded answer

    @Test func recordedAnswerRendersEveryBlock() throws {
        let adventure = try #require(try recordedList().items.first)
        let description = try #require(adventure.description)
        let string = description.attributedString()
        #expect(
            String(string.characters)
                == """
                Limestone above the sea

                Four days on the sun-warmed limestone between Marseille and Cassis, where the routes start a metre \
                above the water and end with a view of the Mediterranean. Bring your own shoes; ropes are ours. \
                Chalk is not optional and neither is sunscreen.

                Read the route guide before you come. Not ready for 6a\u{00A0}yet? Try Dolomites Hut to Hut first.

                /content/dam/wknd-shared/en/adventures/cote-azur-sea-cliffs/Calanques crag – morning.jpg

                What we climb

                • Single-pitch sport routes, 5c–6b
                • One multi-pitch above the water, weather permitting

                Heads up: The crags close in high fire-risk weather; we move to the gym in Aix if they do.

                Grade\tRoutes
                5c–6a\t12
                6b+\t4
                """)
        #expect(try part("Limestone above the sea", of: string).richTextBlock == .header(level: 2))
        #expect(try part("sun-warmed", of: string).richTextVariants == [.bold])
        #expect(try part("Chalk is not optional", of: string).richTextVariants == [.bold, .italic])
        #expect(try part("sunscreen", of: string).richTextVariants == ["strikethrough"])
        #expect(try part("route guide", of: string).link == URL(string: "https://example.org/guides/calanques"))
        #expect(try part("Dolomites Hut to Hut", of: string).link == URL(string: fragmentPath))
        #expect(description.attributedString() == string, "rendering is deterministic")

        let itinerary = try #require(adventure.itinerary).attributedString()
        #expect(
            String(itinerary.characters)
                == """
                Day by day

                1. Day 1: meet in Cassis, gear check, two warm-up routes
                2. Day 2–3: the sea cliffs of En-Vau, early starts
                3. Day 4: multi-pitch and a swim, then café au lait in the port
                """)
        #expect(try part("early starts", of: itinerary).richTextVariants == [.bold])
    }

    @Test func recordedAnswerResolvesReferencesAgainstItsReferences() throws {
        let list = try recordedList()
        let references = list.references ?? []
        let description = try #require(list.items.first?.description)
        let string = description.attributedString { reference in
            switch references.first(where: { $0.path == reference.path }) {
            case .image(let image)?: image.url(on: RecordedFixture.origin)
            case .adventure(let adventure)?: adventure.slug.flatMap { URL(string: "wknd://adventures/\($0)") }
            default: nil
            }
        }
        #expect(
            try part("Dolomites Hut to Hut", of: string).link == URL(string: "wknd://adventures/dolomites-hut-to-hut"))
        let image = try part("Calanques crag – morning.jpg", of: string)
        let delivery = URL(
            string: "https://publish-p10101-e20202.adobeaemcloud.com/content/dam/wknd-shared/en/adventures/"
                + "cote-azur-sea-cliffs/Calanques%20crag%20%E2%80%93%20morning.jpg")
        #expect(image.link == delivery)
        #expect(image.imageURL == delivery)
        #expect(try part("route guide", of: string).link == URL(string: "https://example.org/guides/calanques"))
    }
}
