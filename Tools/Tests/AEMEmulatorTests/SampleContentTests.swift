import AEMEmulator
import EmulatorTestSupport
import Foundation
import Testing

/// The bundled sample content package covers the model and the awkward cases clients must handle.
struct SampleContentTests {
    private let content: EmulatorContent
    private let adventures: [ContentFragment]

    init() throws {
        content = try EmulatorContent.sample()
        adventures = content.adventures
    }

    private func texts(_ field: String) -> [String] {
        adventures.compactMap { $0.master[field]?.text }
    }

    @Test func coversEveryActivityDifficultyAndType() {
        #expect(adventures.count == 20)
        #expect(
            Set(texts("activity")) == [
                "Camping", "Surfing", "Skiing", "Cycling", "Hiking", "Skateboarding", "Rock Climbing", "Running",
                "Snowboarding", "Social",
            ])
        #expect(Set(texts("difficulty")) == ["Beginner", "Intermediate", "Advanced", "Expert"])
        #expect(Set(texts("adventureType")) == ["Day Trip", "Overnight Trip", "Training Session"])
    }

    @Test func slugsAreUniqueAndFollowTheSiteRule() throws {
        let rule = try Regex("^[a-z0-9\\-_]{5,40}$")
        #expect(Set(adventures.map(\.slug)).count == adventures.count)
        for adventure in adventures {
            #expect(adventure.slug.wholeMatch(of: rule) != nil, "\(adventure.slug)")
            #expect(adventure.path == "\(EmulatorContent.adventuresFolder)/\(adventure.slug)/\(adventure.slug)")
        }
    }

    @Test func someOptionalFieldsAreMissing() {
        for field in ["price", "tripLength", "description", "itinerary", "gearList", "primaryImage"] {
            #expect(adventures.contains { $0.master[field] == nil }, "\(field)")
        }
        #expect(
            adventures.contains {
                if case .double(let price)? = $0.master["price"] { price != price.rounded() } else { false }
            })
    }

    @Test func textHoldsNonASCII() {
        let text = (texts("title") + texts("tripLength") + texts("description") + texts("itinerary")).joined()
        for character in ["\u{00A0}", "’", "–", "é", "â"] {
            #expect(text.contains(character), "\(character)")
        }
    }

    @Test func richTextIsHTMLWithEveryCommonElement() {
        let html = (texts("description") + texts("itinerary") + texts("gearList")).joined()
        for tag in ["<p>", "<b>", "<i>", "<a href=", "<h", "<ol>", "<ul>", "<li>", "<img ", "<table>"] {
            #expect(html.contains(tag), "\(tag)")
        }
        let paths = Set(adventures.map(\.path))
        let links = html.matches(of: /href="([^"]+)"/).map { String($0.output.1) }
        let fragmentLinks = links.filter { $0.hasPrefix("/content/dam/") }
        #expect(fragmentLinks.count >= 5)
        for link in fragmentLinks {
            #expect(paths.contains(link), "\(link)")
        }
    }

    @Test func imagesAreRealFilesOfRealisticSize() throws {
        let paths = Set(adventures.compactMap(\.primaryImagePath))
        #expect(paths.count >= 16)
        #expect(paths.contains { $0.contains(" ") })
        let assets = paths.compactMap { content[asset: $0] }
        #expect(assets.count == paths.count)
        #expect(Set(assets.map(\.uuid)).count == assets.count)
        for asset in assets {
            let data = try #require(try content.bytes(ofAssetAt: asset.path))
            #expect((50_000...1_000_000).contains(data.count), "\(asset.path): \(data.count) bytes")
            #expect(asset.width != nil && asset.height != nil, "\(asset.path)")
            let magic = Array(data.prefix(4))
            switch asset.mimeType {
            case "image/jpeg": #expect(Array(magic.prefix(3)) == [0xFF, 0xD8, 0xFF], "\(asset.path)")
            case "image/png": #expect(magic == [0x89, 0x50, 0x4E, 0x47], "\(asset.path)")
            default: Issue.record("unexpected type \(asset.mimeType)")
            }
        }
    }

    @Test func storesTheFivePersistedQueries() {
        #expect(
            content.queryPaths == [
                "/wknd-shared/adventure-by-path", "/wknd-shared/adventure-by-slug", "/wknd-shared/adventures-all",
                "/wknd-shared/adventures-by-locale", "/wknd-shared/adventures-paginated",
            ])
    }

    @Test func contentCanBeChangedForATest() throws {
        var changed = content
        changed[slug: "../../escape"] = changed.makeAdventure(slug: "../../escape", title: "Escape")
        #expect(
            changed[slug: "../../escape"]?.path == "/content/dam/wknd-shared/en/adventures/../../escape/../../escape")
        changed[slug: "algarve-first-waves"] = nil
        #expect(changed[slug: "algarve-first-waves"] == nil)
        #expect(changed.adventures.count == adventures.count)
    }
}
