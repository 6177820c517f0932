import Foundation
import Testing

@testable import AEMEmulator

/// The `editorial` fixture package: two models with every kind of field, articles with a variation, a cycle and a
/// missing reference, authors, small images and persisted queries.
struct PackageLoadingEditorialTests {
    private let repository: ContentRepository
    private static let models = "/conf/editorial/settings/dam/cfm/models"
    private static let dam = "/content/dam/editorial"

    init() throws {
        repository = try ContentPackageLoader.load(jcrRoot: PackageLoadingTestPackage.fixture("editorial"))
    }

    @Test func counts() {
        #expect(repository.configurations == ["editorial"])
        #expect(repository.models.count == 2)
        #expect(repository.fragments(ofModel: "\(Self.models)/article").count == 12)
        #expect(repository.fragments(ofModel: "\(Self.models)/author").count == 4)
        #expect(repository.fragments.count == 16)
        #expect(repository.assets.count == 5)
        #expect(repository.queries.count == 4)
    }

    @Test func articleModelFields() throws {
        let model = try #require(repository.models["\(Self.models)/article"])
        #expect(model.title == "Article")
        #expect(model.configuration == "editorial")
        #expect(
            model.fields.map(\.name) == [
                "title", "slug", "body", "publishDate", "featured", "tags", "readingMinutes", "rating", "heroImage",
                "author", "related", "metadata",
            ])
        let fields = Dictionary(uniqueKeysWithValues: model.fields.map { ($0.name, $0) })
        #expect(fields["title"]?.kind == .text)
        #expect(fields["title"]?.isRequired == false)
        #expect(fields["slug"]?.isRequired == true)
        #expect(fields["body"]?.kind == .richText(allowedModels: ["\(Self.models)/article"]))
        #expect(fields["publishDate"]?.kind == .date)
        #expect(fields["featured"]?.kind == .boolean)
        #expect(fields["tags"]?.kind == .text)
        #expect(fields["tags"]?.isMultiple == true)
        #expect(fields["readingMinutes"]?.kind == .integer)
        #expect(fields["rating"]?.kind == .float)
        #expect(fields["heroImage"]?.kind == .contentReference)
        #expect(fields["author"]?.kind == .fragmentReference(allowedModels: ["\(Self.models)/author"]))
        #expect(fields["author"]?.isMultiple == false)
        #expect(fields["related"]?.kind == .fragmentReference(allowedModels: ["\(Self.models)/article"]))
        #expect(fields["related"]?.isMultiple == true)
        #expect(fields["metadata"]?.kind == .json)
    }

    @Test func authorModelFields() throws {
        let model = try #require(repository.models["\(Self.models)/author"])
        #expect(model.title == "Author")
        #expect(model.fields.map(\.name) == ["firstName", "lastName", "bio", "avatar"])
        #expect(model.fields.filter(\.isRequired).map(\.name) == ["firstName", "lastName"])
        #expect(model.fields[2].kind == .richText(allowedModels: []))
    }

    @Test func articleValues() throws {
        let article = try #require(repository.fragments["\(Self.dam)/articles/market-day"])
        #expect(article.uuid == "b0000000-0000-4000-8000-000000000002")
        #expect(article.modelPath == "\(Self.models)/article")
        #expect(article.title == "Market Day")
        #expect(article.tags == ["editorial:topic/food"])
        #expect(article.lastModified == DocViewDate.parse("2024-03-02T09:30:00.000+01:00"))
        let values = article.master
        #expect(values["slug"] == .string("market-day"))
        #expect(values["featured"] == .boolean(false))
        #expect(values["readingMinutes"] == .long(8))
        #expect(values["rating"] == .double(4.0))
        #expect(values["tags"] == .array([.string("food"), .string("markets, stalls")]))
        #expect(values["related"] == .array([.string("\(Self.dam)/articles/harbour-breakfast")]))
        #expect(values["author"] == .string("\(Self.dam)/authors/mara-olsen"))
        #expect(values["metadata"] == .string(#"{"wordCount": 1840, "sources": ["interview", "archive"]}"#))
        #expect(values["body@ContentType"] == .string("text/html"))
        #expect(values["body"]?.text?.contains(#"<img src="/content/dam/editorial/images/market.png">"#) == true)
        #expect(values.keys.allSatisfy { !$0.hasSuffix("@LastModified") && !$0.hasPrefix("jcr:") })
        guard case .date(_, let text) = values["publishDate"] else {
            Issue.record("publishDate is not a date")
            return
        }
        #expect(text == "2024-03-02T08:00:00.000+01:00")
    }

    @Test func variation() throws {
        let article = try #require(repository.fragments["\(Self.dam)/articles/summer-kitchen"])
        #expect(article.variations.map(\.name) == ["summer"])
        #expect(article.values(variation: "summer")["title"] == .string("The Summer Kitchen (Summer Edition)"))
        #expect(article.values(variation: nil)["title"] == .string("The Summer Kitchen"))
        #expect(article.values(variation: "winter")["title"] == .string("The Summer Kitchen"))
    }

    @Test func referencesCyclesAndMissingTargets() throws {
        let breakfast = try #require(repository.fragments["\(Self.dam)/articles/harbour-breakfast"])
        let market = try #require(repository.fragments["\(Self.dam)/articles/market-day"])
        #expect(breakfast.master["related"]?.elements.first == .string(market.path))
        #expect(market.master["related"]?.elements.first == .string(breakfast.path))
        let lost = try #require(repository.fragments["\(Self.dam)/articles/lost-recipes"])
        let missing = try #require(lost.master["related"]?.elements.first?.text)
        #expect(repository.fragments[missing] == nil)
        let byMara = repository.fragments.values.filter {
            $0.master["author"] == .string("\(Self.dam)/authors/mara-olsen")
        }
        #expect(byMara.count == 5)
        let quiet = try #require(repository.fragments["\(Self.dam)/articles/quiet-corners"])
        #expect(quiet.master["rating"] == nil)
        #expect(quiet.master["tags"] == nil)
    }

    @Test func assets() throws {
        let harbour = try #require(repository.assets["\(Self.dam)/images/harbour.png"])
        #expect(harbour.mimeType == "image/png")
        #expect(harbour.width == 4)
        #expect(harbour.height == 3)
        #expect(harbour.uuid == "0d7c7a6e-5f0a-4c3e-9a1b-000000000001")
        #expect(harbour.lastModified == DocViewDate.parse("2024-02-01T09:00:00.000Z"))
        guard case .file(let url) = harbour.bytes else {
            Issue.record("harbour.png is not read from its file")
            return
        }
        #expect(try Data(contentsOf: url).starts(with: [0x89, 0x50, 0x4E, 0x47]))

        let dot = try #require(repository.assets["\(Self.dam)/images/dot.gif"])
        #expect(dot.mimeType == "image/gif")
        #expect(dot.width == 1)
        #expect(dot.height == 1)
        #expect(dot.uuid == StableUUID.forPath("\(Self.dam)/images/dot.gif"))
        // The package leaves this image's original out: it is served as a placeholder.
        let missing = try #require(repository.assets["\(Self.dam)/images/missing-original.png"])
        #expect(missing.mimeType == "image/png")
        guard case .placeholder = missing.bytes else {
            Issue.record("missing-original.png is not served as a placeholder")
            return
        }
    }

    @Test func queries() throws {
        #expect(
            Set(repository.queries.keys) == [
                "/editorial/articles-by-author", "/editorial/articles-paginated", "/editorial/article-by-path",
                "/editorial/articles-filtered",
            ])
        let byAuthor = try #require(repository.queries["/editorial/articles-by-author"])
        #expect(byAuthor.configuration == "editorial")
        #expect(byAuthor.name == "articles-by-author")
        #expect(byAuthor.text.hasPrefix(#"query ($lastName: String!, $sort: String = "publishDate DESC") {"#))
        #expect(byAuthor.text.contains("author: {lastName: {_expressions"))
        #expect(byAuthor.cacheControl == ["max-age": 300])
        #expect(
            byAuthor.surrogateControl == ["max-age": 600, "stale-while-revalidate": 86400, "stale-if-error": 86400])
        let byPath = try #require(repository.queries["/editorial/article-by-path"])
        #expect(byPath.text.contains("articleByPath(_path: $path, variation: $variation)"))
        #expect(byPath.text.contains("_references"))
        #expect(byPath.cacheControl == nil)
        #expect(byPath.surrogateControl == nil)
        #expect(repository.queries["/editorial/articles-paginated"]?.text.contains("articlePaginated(") == true)
    }
}
