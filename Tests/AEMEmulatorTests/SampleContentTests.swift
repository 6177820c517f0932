import AEMEmulator
import Foundation
import Testing

/// The bundled sample content covers the model and the awkward cases clients must handle.
struct SampleContentTests {
    private let adventures: [EmulatorAdventure]

    init() throws {
        adventures = try EmulatorContent.sample().adventures
    }

    @Test func coversEveryActivityDifficultyAndType() {
        #expect(adventures.count >= 16)
        #expect(Set(adventures.compactMap(\.activity)) == [
            "Camping", "Surfing", "Skiing", "Cycling", "Hiking", "Skateboarding", "Rock Climbing", "Running",
            "Snowboarding", "Social",
        ])
        #expect(Set(adventures.compactMap(\.difficulty)) == ["Beginner", "Intermediate", "Advanced", "Expert"])
        #expect(Set(adventures.compactMap(\.adventureType)) == ["Day Trip", "Overnight Trip", "Training Session"])
    }

    @Test func slugsAreUniqueAndFollowTheSiteRule() throws {
        let rule = try Regex("^[a-z0-9\\-_]{5,40}$")
        #expect(Set(adventures.map(\.slug)).count == adventures.count)
        for adventure in adventures {
            #expect(adventure.slug.wholeMatch(of: rule) != nil, "\(adventure.slug)")
            #expect(adventure.path == EmulatorAdventure.defaultPath(slug: adventure.slug))
        }
    }

    @Test func someOptionalFieldsAreNull() {
        #expect(adventures.contains { $0.price == nil })
        #expect(adventures.contains { $0.tripLength == nil })
        #expect(adventures.contains { $0.description == nil })
        #expect(adventures.contains { $0.itinerary == nil })
        #expect(adventures.contains { $0.gearList == nil })
        #expect(adventures.contains { $0.primaryImage == nil })
        #expect(adventures.contains { $0.price.map { $0 != $0.rounded() } == true })
    }

    @Test func textHoldsNonASCII() {
        let text = adventures.map { "\($0.title) \($0.tripLength ?? "") \(Self.text(of: $0.richText))" }.joined()
        for character in ["\u{00A0}", "’", "–", "é", "â"] {
            #expect(text.contains(character), "\(character)")
        }
    }

    @Test func richTextUsesEveryCommonNode() {
        let nodes = adventures.flatMap { Self.flatten($0.richText) }
        let types = Set(nodes.map(\.nodeType))
        for type in ["paragraph", "text", "link", "header", "ordered-list", "unordered-list", "list-item", "reference", "table"] {
            #expect(types.contains(type), "\(type)")
        }
        let variants = Set(nodes.flatMap { $0.format?.variants ?? [] })
        #expect(variants.isSuperset(of: ["bold", "italic"]))
        let paths = Set(adventures.map(\.path))
        let fragmentLinks = nodes.filter { $0.data?["type"] == "fragment" }
        #expect(fragmentLinks.count >= 5)
        for link in fragmentLinks {
            #expect(paths.contains(link.data?["href"] ?? ""), "\(link.data?["href"] ?? "")")
        }
    }

    @Test func imagesAreRealFilesOfRealisticSize() throws {
        let images = adventures.compactMap(\.primaryImage)
        #expect(images.count >= 16)
        #expect(images.contains { $0.path.contains(" ") })
        #expect(Set(images.map(\.assetID)).count == images.count)
        for image in images {
            guard case .data(let data) = image.bytes else {
                Issue.record("\(image.path) is not stored as bytes")
                continue
            }
            #expect((50_000...1_000_000).contains(data.count), "\(image.path): \(data.count) bytes")
            let magic = Array(data.prefix(4))
            switch image.mimeType {
            case "image/jpeg": #expect(Array(magic.prefix(3)) == [0xFF, 0xD8, 0xFF], "\(image.path)")
            case "image/png": #expect(magic == [0x89, 0x50, 0x4E, 0x47], "\(image.path)")
            default: Issue.record("unexpected type \(image.mimeType)")
            }
        }
    }

    @Test func contentCanBeChangedForATest() throws {
        var content = try EmulatorContent.sample()
        content[slug: "../../escape"] = EmulatorAdventure(slug: "../../escape", title: "Escape")
        #expect(content[slug: "../../escape"]?.path == "/content/dam/wknd-shared/en/adventures/../../escape/../../escape")
        content[slug: "algarve-first-waves"] = nil
        #expect(content[slug: "algarve-first-waves"] == nil)
        #expect(content.adventures.count == adventures.count)
    }

    private static func flatten(_ nodes: [RichTextNode]) -> [RichTextNode] {
        nodes.flatMap { [$0] + flatten($0.content ?? []) }
    }

    private static func text(of nodes: [RichTextNode]) -> String {
        flatten(nodes).compactMap(\.value).joined(separator: " ")
    }
}

extension EmulatorAdventure {
    fileprivate var richText: [RichTextNode] { (description ?? []) + (itinerary ?? []) + (gearList ?? []) }
}
