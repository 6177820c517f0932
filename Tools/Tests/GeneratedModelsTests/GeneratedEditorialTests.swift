import AEMHeadless
import Foundation
import Testing

/// The models generated from the editorial package's stored queries (articles with an author
/// fragment reference, multi-valued and JSON fields, a date, rich text, paging), run against the
/// emulator over HTTP and compared with the same answer read as plain JSON and with the library's
/// own `RichText` and `ImageReference`.
@Suite("Generated editorial models against the answer's JSON", .serialized)
struct GeneratedEditorialTests {
    /// `json` as a `Decoder` reads it (members sorted by key, numbers in Swift's shortest form), as a model keeps
    /// JSON it does not know.
    static func decoded(_ json: UntypedJSON) -> UntypedJSON {
        (try? JSONDecoder().decode(UntypedJSON.self, from: JSONEncoder().encode(json))) ?? json
    }

    private static let marketDay = "/content/dam/editorial/articles/market-day"

    @Test func articleByPathReadsEveryField() async throws {
        try await ServedPackage.editorial.withService { aem in
            let generated = try await aem.execute(ArticleByPathQuery.request(path: Self.marketDay))
            let raw = try await aem.execute(
                PersistedQuery<UntypedJSON>(ArticleByPathQuery.path, variables: ["path": .string(Self.marketDay)]))
            let result = try #require(generated.data?.articleByPath)
            let item = try #require(result.item)
            let json = try #require(raw.data?["articleByPath"]?["item"])
            #expect(item.path == Self.marketDay)
            #expect(item.path == json["_path"]?.stringValue)
            #expect(item.id == json["_id"]?.stringValue)
            #expect(item.variation == json["_variation"]?.stringValue)
            #expect(item.title == "Market Day")
            #expect(item.slug == json["slug"]?.stringValue)
            #expect(item.publishDate?.text == json["publishDate"]?.stringValue)
            #expect(item.publishDate?.text.hasPrefix("2024-03-02") == true)
            #expect(item.publishDate?.components.year == 2024)
            #expect(item.publishDate?.date != nil)
            #expect(item.featured == false)
            #expect(item.tags.map { $0.map(UntypedJSON.string) } == json["tags"].flatMap(Self.array))
            #expect(item.readingMinutes == 8)
            #expect(item.rating == 4.0)
            #expect(item.metadata == json["metadata"].map(Self.decoded))
            #expect(item.metadata?["wordCount"] == UntypedJSON(1840))
            #expect(item.body == (try Self.decode(AEMHeadless.RichText.self, from: json["body"])))
            #expect(item.body?.json?.isEmpty == false)
            #expect(
                item.heroImage?.asImageRef
                    == (try Self.decode(AEMHeadless.ImageReference.self, from: json["heroImage"])))
            #expect(item.heroImage?.asImageRef?.mimeType == "image/png")
            #expect(item.author?.lastName == "Olsen")
            #expect(item.author?.firstName == json["author"]?["firstName"]?.stringValue)
            #expect(item.related?.map(\.path) == json["related"].flatMap(Self.array)?.map { $0["_path"]?.stringValue })
            #expect(item.related?.isEmpty == false)
            let references = result.references ?? []
            #expect(!references.isEmpty)
            #expect(references.count == raw.data?["articleByPath"]?["_references"].flatMap(Self.array)?.count)
            #expect(references.contains { $0.asArticle?.path == "/content/dam/editorial/articles/harbour-breakfast" })
            #expect(references.contains { $0.asImageRef?.path == "/content/dam/editorial/images/market.png" })
        }
    }

    @Test func articlesByAuthorFiltersThroughTheReference() async throws {
        try await ServedPackage.editorial.withService { aem in
            let generated = try await aem.execute(ArticlesByAuthorQuery.request(lastName: "Olsen"))
            let items = try #require(generated.data?.articleList.items)
            #expect(!items.isEmpty)
            #expect(items.allSatisfy { $0.author?.lastName == "Olsen" })
            let dates = items.compactMap(\.publishDate)
            #expect(dates == dates.sorted(by: >))
            let ascending = try await aem.execute(
                ArticlesByAuthorQuery.request(lastName: "Olsen", sort: "publishDate ASC"))
            #expect(ascending.data?.articleList.items.compactMap(\.publishDate) == dates.reversed())
        }
    }

    @Test func aTypedFilterReachesTheServiceAndFiltersAsAEMDoes() async throws {
        typealias Query = ArticlesFilteredQuery
        let byAuthor = EditorialSchema.ArticleModelFilter(
            author: .init(lastName: .init(expressions: [.init(value: "olsen", ignoreCase: true)])))
        #expect(
            Query.request(filter: byAuthor).variables["filter"]
                == .string(#"{"author":{"lastName":{"_expressions":[{"_ignoreCase":true,"value":"olsen"}]}}}"#))
        try await ServedPackage.editorial.withService { aem in
            let olsen = try #require(try await aem.execute(Query.request(filter: byAuthor)).data?.articleList.items)
            #expect(!olsen.isEmpty)
            #expect(olsen.allSatisfy { $0.author?.lastName == "Olsen" })
            let all = try #require(try await aem.execute(Query.request()).data?.articleList.items)
            #expect(olsen.count < all.count)

            let wellRated = EditorialSchema.ArticleModelFilter(
                rating: .init(expressions: [.init(value: 4, operator: .greaterEqual)]))
            let rated = try #require(try await aem.execute(Query.request(filter: wellRated)).data?.articleList.items)
            #expect(!rated.isEmpty)
            #expect(rated.allSatisfy { ($0.rating ?? 0) >= 4 })
            #expect(rated.count == all.filter { ($0.rating ?? 0) >= 4 }.count)
        }
    }

    @Test func articlesPaginatedWalksEveryPage() async throws {
        try await ServedPackage.editorial.withService { aem in
            var after: String?
            var slugs: [String?] = []
            var pages = 0
            repeat {
                let page = try #require(
                    try await aem.execute(ArticlesPaginatedQuery.request(first: 4, after: after)).data?.articlePaginated
                )
                slugs += page.edges.map(\.node.slug)
                after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : nil
                pages += 1
            } while after != nil && pages < 20
            let all = try #require(
                try await aem.execute(
                    PersistedQuery<UntypedJSON>("editorial/articles-paginated", variables: ["first": 100])
                ).data)
            let expected = all["articlePaginated"]?["edges"].flatMap(Self.array)?.map {
                $0["node"]?["slug"]?.stringValue
            }
            #expect(pages > 1)
            #expect(slugs == expected)
        }
    }

    private static func array(_ value: UntypedJSON) -> [UntypedJSON]? {
        if case .array(let elements) = value { return elements }
        return nil
    }

    /// `value` decoded as `T`, the way the library's hand-written models read it.
    private static func decode<T: Decodable>(_ type: T.Type, from value: UntypedJSON?) throws -> T? {
        guard let value else { return nil }
        return try JSONDecoder().decode(T.self, from: try JSONEncoder().encode(value))
    }
}
