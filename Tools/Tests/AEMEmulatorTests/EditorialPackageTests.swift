import AEMEmulator
import Foundation
import Testing

/// A second content package of our own, not WKND-shaped (articles with an author fragment reference, a multi-valued
/// field, a date, a boolean, a JSON field, a variation), served over HTTP and queried through its own persisted
/// queries.
struct EditorialPackageTests {
    private static func content() throws -> EmulatorContent {
        let root = try #require(Bundle.module.url(forResource: "Fixtures/editorial/jcr_root", withExtension: nil))
        return try EmulatorContent.load(jcrRoot: root)
    }

    private static func encoded(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value
    }

    @Test func listFiltersThroughTheAuthorReferenceAndSorts() async throws {
        try await withEmulator(EmulatorOptions(content: try Self.content())) { emulator in
            let response = try await emulator.get("/graphql/execute.json/editorial/articles-by-author;lastName=Olsen;")
            #expect(response.status == 200)
            let items = try response.json()["data"]["articleList"]["items"].array
            #expect(!items.isEmpty)
            #expect(items.allSatisfy { $0["author"]["lastName"].string == "Olsen" })
            let dates = items.compactMap(\.["publishDate"].string)
            #expect(dates.count == items.count)
            #expect(dates == dates.sorted(by: >))
            #expect(items.allSatisfy { $0["tags"].value is [Any] && $0["featured"].value is Bool })
            let ascending = try await emulator.get(
                "/graphql/execute.json/editorial/articles-by-author;lastName=Olsen;sort=publishDate%20ASC;")
            let ascendingDates = try ascending.json()["data"]["articleList"]["items"].array.compactMap(
                \.["publishDate"].string)
            #expect(ascendingDates == dates.reversed())
        }
    }

    @Test func pagingFollowsCursorsOverEveryArticle() async throws {
        try await withEmulator(EmulatorOptions(content: try Self.content())) { emulator in
            let pages = try await emulator.allPages(of: "editorial/articles-paginated", pageSize: 5)
            let slugs = pages.flatMap(\.items).compactMap { $0["slug"]?.stringValue }
            #expect(pages.count == 3)
            #expect(pages.allSatisfy { $0.style == .cursor })
            #expect(slugs.count == 12)
            #expect(Set(slugs).count == 12)
        }
    }

    @Test func byPathAnswersTypedFieldsReferencesAndVariations() async throws {
        try await withEmulator(EmulatorOptions(content: try Self.content())) { emulator in
            let path = "/content/dam/editorial/articles/summer-kitchen"
            let master = try await emulator.get(
                "/graphql/execute.json/editorial/article-by-path;path=\(Self.encoded(path));"
            ).json()["data"]["articleByPath"]
            #expect(master["item"]["title"].string == "The Summer Kitchen")
            #expect(master["item"]["_variation"].string == "master")
            #expect(master["item"]["readingMinutes"].value is Int)
            #expect(master["item"]["body"]["json"].array.isEmpty == false)
            let summer = try await emulator.get(
                "/graphql/execute.json/editorial/article-by-path;path=\(Self.encoded(path));variation=summer;"
            ).json()["data"]["articleByPath"]
            #expect(summer["item"]["title"].string == "The Summer Kitchen (Summer Edition)")
            #expect(summer["item"]["_variation"].string == "summer")
            #expect(summer["item"]["author"]["lastName"].string == "Olsen")
        }
    }

    @Test func aReferenceToAMissingFragmentResolvesToNothing() async throws {
        try await withEmulator(EmulatorOptions(content: try Self.content())) { emulator in
            let path = "/content/dam/editorial/articles/lost-recipes"
            let response = try await emulator.get(
                "/graphql/execute.json/editorial/article-by-path;path=\(Self.encoded(path));")
            #expect(response.status == 200)
            let item = try response.json()["data"]["articleByPath"]["item"]
            #expect(item["title"].string == "Lost Recipes")
            #expect(item["related"].array.allSatisfy { $0.isNull })
            #expect(item["author"]["lastName"].string == "Okafor")
        }
    }

    @Test func assetTransformFillsTheDynamicURLAndTheSchemaNamesTheModels() async throws {
        let query =
            "{ articleList(sort: \"slug\", _assetTransform: {format: PNG, width: 320}) { items { slug heroImage { ... on ImageRef { _path _dynamicUrl } } } } }"
        try await withEmulator(EmulatorOptions(content: try Self.content())) { emulator in
            let stored = try await HTTPTestClient.send(
                emulator.url("/graphql/persist.json/editorial/heroes"), method: .PUT, body: query)
            #expect(stored.status == 201)
            let items = try await emulator.get("/graphql/execute.json/editorial/heroes").json()["data"]["articleList"][
                "items"
            ].array
            let urls = items.compactMap { $0["heroImage"]["_dynamicUrl"].string }
            #expect(!urls.isEmpty)
            #expect(
                urls.allSatisfy {
                    $0.hasPrefix("/adobe/dynamicmedia/deliver/dm-aid--") && $0.contains(".png")
                        && $0.contains("width=320")
                })
            let image = try #require(urls.first)
            #expect(try await emulator.get(image).status == 200)
            let schema = try await emulator.get("/content/cq:graphql/editorial/endpoint.GQLschema").text
            for name in ["type ArticleModel", "type AuthorModel", "articlePaginated", "authorByPath"] {
                #expect(schema.contains(name), "\(name)")
            }
        }
    }
}
