@testable import AEMEmulator
import Foundation
import SampleContent
import Testing

/// The built-in sample as a content package (`SampleContent/content/jcr_root`) holds the same adventures as
/// `adventures.json`.
struct PackageLoadingSampleTests {
    private let repository: ContentRepository
    private static let model = "/conf/wknd-shared/settings/dam/cfm/models/adventure"

    init() throws {
        let directory = try #require(SampleContent.directory)
        repository = try ContentPackageLoader.load(jcrRoot: directory.appendingPathComponent("jcr_root"))
    }

    @Test func adventureModel() throws {
        #expect(repository.configurations == ["wknd-shared"])
        let model = try #require(repository.models[Self.model])
        #expect(model.title == "Adventure")
        #expect(model.fields.map(\.name) == [
            "title", "slug", "description", "adventureType", "tripLength", "activity", "groupSize", "difficulty",
            "price", "primaryImage", "itinerary", "gearList",
        ])
        let fields = Dictionary(uniqueKeysWithValues: model.fields.map { ($0.name, $0) })
        #expect(fields["title"]?.isRequired == true)
        #expect(fields["slug"]?.isRequired == true)
        #expect(fields["adventureType"]?.kind == .enumeration(values: ["Day Trip", "Overnight Trip", "Training Session"]))
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

    @Test func adventuresMatchTheAuthoredContent() throws {
        let authored = try EmulatorContent.sample().adventures
        #expect(authored.count == 20)
        #expect(repository.fragments(ofModel: Self.model).count == authored.count)
        for adventure in authored {
            let fragment = try #require(repository.fragments[adventure.path], "\(adventure.slug)")
            let values = fragment.master
            #expect(fragment.title == adventure.title)
            #expect(values["title"]?.text == adventure.title)
            #expect(values["slug"]?.text == adventure.slug)
            #expect(values["adventureType"]?.text == adventure.adventureType)
            #expect(values["activity"]?.text == adventure.activity)
            #expect(values["difficulty"]?.text == adventure.difficulty)
            #expect(values["tripLength"]?.text == adventure.tripLength)
            #expect(values["groupSize"] == adventure.groupSize.map(JCRValue.long))
            #expect(values["price"] == adventure.price.map(JCRValue.double))
            #expect(values["primaryImage"]?.text == adventure.primaryImage?.path)
            for (name, nodes) in [
                ("description", adventure.description), ("itinerary", adventure.itinerary),
                ("gearList", adventure.gearList),
            ] {
                let html = values[name]?.text
                #expect((html == nil) == (nodes == nil), "\(adventure.slug).\(name)")
                if let nodes, !nodes.isEmpty {
                    #expect(html?.isEmpty == false, "\(adventure.slug).\(name)")
                    #expect(values["\(name)@ContentType"] == .string("text/html"))
                }
                for link in (nodes ?? []).flatMap(Self.references) {
                    #expect(html?.contains(link) == true, "\(adventure.slug).\(name) lacks \(link)")
                }
            }
        }
    }

    @Test func imagesKeepTheirPathsIdsAndDates() throws {
        let authored = try EmulatorContent.sample().adventures.compactMap(\.primaryImage)
        #expect(repository.assets.count == authored.count)
        #expect(authored.contains { $0.path.contains(" ") })
        #expect(authored.contains { $0.path.unicodeScalars.contains { !$0.isASCII } })
        for image in authored {
            let asset = try #require(repository.assets[image.path], "\(image.path)")
            #expect(asset.uuid == image.assetID)
            #expect(asset.mimeType == image.mimeType)
            #expect(asset.width == image.width)
            #expect(asset.height == image.height)
            #expect(asset.lastModified == image.lastModified)
            guard case .file(let url) = asset.bytes, case .data(let data) = image.bytes else {
                Issue.record("\(image.path): unexpected bytes")
                continue
            }
            #expect(try Data(contentsOf: url) == data)
        }
    }

    @Test func persistedQueries() throws {
        #expect(Set(repository.queries.keys) == [
            "/wknd-shared/adventures-all", "/wknd-shared/adventure-by-slug", "/wknd-shared/adventures-paginated",
            "/wknd-shared/adventure-by-path",
        ])
        let all = try #require(repository.queries["/wknd-shared/adventures-all"])
        #expect(all.text.hasPrefix(
            "query ($offset: Int, $limit: Int, $sort: String, $imageFormat: AssetTransformFormat = JPG, "
                + "$imageWidth: Int = 1200, $imageQuality: Int = 80) {\n  adventureList("))
        let bySlug = try #require(repository.queries["/wknd-shared/adventure-by-slug"])
        #expect(bySlug.text.hasPrefix("query ($slug: String!, $imageFormat: AssetTransformFormat = JPG, $imageSeoName: String,"))
        #expect(repository.queries["/wknd-shared/adventures-paginated"]?.text.contains("adventurePaginated(") == true)
        #expect(repository.queries["/wknd-shared/adventure-by-path"]?.text.contains("adventureByPath(") == true)
    }

    /// The `href` or `src` attributes the HTML of `node` must carry for its links and inline images.
    private static func references(_ node: RichTextNode) -> [String] {
        var own: [String] = []
        if let href = node.data?["href"] { own.append("href=\"\(href)\"") }
        if node.nodeType == "reference", let path = node.data?["path"] { own.append("src=\"\(path)\"") }
        return own + (node.content ?? []).flatMap(references)
    }
}
