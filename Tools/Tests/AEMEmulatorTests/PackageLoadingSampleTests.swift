import Foundation
import Testing

@testable import AEMEmulator

/// The built-in sample as a content package (`AEMEmulator/SampleContent/jcr_root`): the Adventure model, its fragments
/// with typed values and HTML rich text, their images, and the persisted queries.
struct PackageLoadingSampleTests {
    private let repository: ContentRepository
    private static let model = "/conf/wknd-shared/settings/dam/cfm/models/adventure"

    init() throws {
        let directory = try #require(EmulatorContent.sampleDirectory)
        repository = try ContentPackageLoader.load(jcrRoot: directory.appendingPathComponent("jcr_root"))
    }

    @Test func adventureModel() throws {
        #expect(repository.configurations == ["wknd-shared"])
        let model = try #require(repository.models[Self.model])
        #expect(model.title == "Adventure")
        #expect(
            model.fields.map(\.name) == [
                "title", "slug", "description", "adventureType", "tripLength", "activity", "groupSize", "difficulty",
                "price", "primaryImage", "itinerary", "gearList",
            ])
        let fields = Dictionary(uniqueKeysWithValues: model.fields.map { ($0.name, $0) })
        #expect(fields["title"]?.isRequired == true)
        #expect(fields["slug"]?.isRequired == true)
        #expect(
            fields["adventureType"]?.kind == .enumeration(values: ["Day Trip", "Overnight Trip", "Training Session"]))
        #expect(fields["difficulty"]?.kind == .enumeration(values: ["Beginner", "Intermediate", "Advanced", "Expert"]))
        guard case .enumeration(let activities) = fields["activity"]?.kind else {
            Issue.record("activity is not an enumeration")
            return
        }
        #expect(activities.count == 10)
        #expect(fields["groupSize"]?.kind == .integer)
        #expect(fields["price"]?.kind == .float)
        #expect(fields["primaryImage"]?.kind == .contentReference)
        #expect(fields["gearList"]?.kind == .richText(allowedModels: [Self.model]))
        #expect(fields["itinerary"]?.kind == .richText(allowedModels: []))
    }

    @Test func adventuresHoldTypedValuesAndHTMLRichText() throws {
        let adventures = repository.fragments(ofModel: Self.model)
        #expect(adventures.count == 28)
        #expect(adventures.filter { $0.path.hasPrefix("/content/dam/wknd-shared/de/") }.count == 8)
        let path = "/content/dam/wknd-shared/en/adventures/lofoten-winter-surf/lofoten-winter-surf"
        let fragment = try #require(repository.fragments[path])
        let values = fragment.master
        #expect(fragment.title == "Lofoten Winter Surf Week")
        #expect(values["slug"] == .string("lofoten-winter-surf"))
        #expect(values["activity"] == .string("Surfing"))
        #expect(values["groupSize"] == .long(8))
        #expect(values["price"] == .double(2450))
        #expect(values["tripLength"] == .string("6\u{00A0}days"))
        #expect(
            values["primaryImage"]
                == .string("/content/dam/wknd-shared/en/adventures/lofoten-winter-surf/Lofoten surf.jpg"))
        #expect(values["description@ContentType"] == .string("text/html"))
        let html = try #require(values["description"]?.text)
        #expect(html.hasPrefix("<p>Arctic swell"))
        #expect(html.contains("<b>Lofoten in February</b>"))
        #expect(
            html.contains(#"href="/content/dam/wknd-shared/en/adventures/algarve-first-waves/algarve-first-waves""#))
    }

    @Test func imagesKeepTheirPathsIdsDatesAndBytes() throws {
        let paths = Set(repository.fragments.values.compactMap { $0.master["primaryImage"]?.text })
        #expect(repository.assets.count >= paths.count)
        #expect(paths.contains { $0.contains(" ") })
        #expect(paths.contains { $0.unicodeScalars.contains { !$0.isASCII } })
        for path in paths {
            let asset = try #require(repository.assets[path], "\(path)")
            #expect(!asset.uuid.isEmpty)
            #expect(["image/jpeg", "image/png"].contains(asset.mimeType), "\(path)")
            #expect((asset.width ?? 0) > 0 && (asset.height ?? 0) > 0, "\(path)")
            #expect(asset.lastModified != nil, "\(path)")
            guard case .file(let url) = asset.bytes else {
                Issue.record("\(path): not a file")
                continue
            }
            #expect(try Data(contentsOf: url).count > 50_000, "\(path)")
        }
        #expect(Set(repository.assets.values.map(\.uuid)).count == repository.assets.count)
    }

    @Test func persistedQueries() throws {
        #expect(
            Set(repository.queries.keys) == [
                "/wknd-shared/adventures-all", "/wknd-shared/adventure-by-slug", "/wknd-shared/adventures-paginated",
                "/wknd-shared/adventure-by-path", "/wknd-shared/adventures-by-locale",
            ])
        let all = try #require(repository.queries["/wknd-shared/adventures-all"])
        #expect(
            all.text.hasPrefix(
                "query ($offset: Int, $limit: Int, $sort: String, $imageFormat: AssetTransformFormat = JPG, "
                    + "$imageWidth: Int = 1200, $imageQuality: Int = 80, $locale: String = \"en\") {\n  adventureList(")
        )
        let bySlug = try #require(repository.queries["/wknd-shared/adventure-by-slug"])
        #expect(
            bySlug.text.hasPrefix(
                "query ($slug: String!, $imageFormat: AssetTransformFormat = JPG, $imageSeoName: String,"))
        #expect(repository.queries["/wknd-shared/adventures-paginated"]?.text.contains("adventurePaginated(") == true)
        #expect(repository.queries["/wknd-shared/adventure-by-path"]?.text.contains("adventureByPath(") == true)
    }
}
