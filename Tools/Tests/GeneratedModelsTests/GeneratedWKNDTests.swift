import AEMHeadless
import Testing
import WKNDSample

/// The models generated from the sample's stored WKND queries, run against the emulator over
/// HTTP, decode what the library's hand-written WKND models decode from the same service.
@Suite("Generated WKND models against the hand-written ones", .serialized)
struct GeneratedWKNDTests {
    @Test func adventuresAllDecodesAsTheHandWrittenList() async throws {
        try await ServedPackage.sample.withService { aem in
            let generated = try await aem.execute(AdventuresAllQuery.request(offset: 2, limit: 8, sort: "price DESC"))
            let handWritten = try await aem.execute(WKNDQueries.adventures(offset: 2, limit: 8, sort: "price DESC"))
                .map(\.adventures)
            let items = try #require(generated.data?.adventureList.items)
            let adventures = try #require(handWritten.data)
            #expect(items.count == 8)
            #expect(items.count == adventures.count)
            #expect(generated.errors.isEmpty)
            for (item, adventure) in zip(items, adventures) {
                #expect(item.path == adventure.path)
                #expect(item.slug == adventure.slug)
                #expect(item.title == adventure.title)
                #expect(item.activity == adventure.activity)
                #expect(item.price == adventure.price)
                #expect(item.tripLength == adventure.tripLength)
                #expect(item.primaryImage?.asImageRef == adventure.primaryImage)
            }
            #expect(items.contains { $0.primaryImage?.asImageRef?.dynamicUrl != nil })
        }
    }

    @Test func valuesCanBeMadeInCodeForPreviewsAndTests() {
        let item = AdventuresAllQuery.Data.AdventureList.Item(slug: "preview-trip", title: "A preview", price: 10)
        let data = AdventuresAllQuery.Data(adventureList: .init(items: [item]))
        #expect(data.adventureList.items.first?.title == "A preview")
        #expect(data.adventureList.items.first?.path == nil)
        #expect(data == AdventuresAllQuery.Data(adventureList: .init(items: [item])))
    }

    @Test func defaultedVariablesAreLeftOutAndTypedOnesSent() throws {
        #expect(AdventuresAllQuery.request().requestPath == WKNDQueries.adventures().requestPath)
        let typed = AdventuresAllQuery.request(
            limit: 5, sort: "title ASC", imageFormat: .webp, imageWidth: 800, imageQuality: 70)
        let handWritten = WKNDQueries.adventures(
            limit: 5, sort: "title ASC", image: try ImageTransform(width: 800, quality: 70, format: .webp))
        #expect(typed.requestPath == handWritten.requestPath)
        #expect(
            AdventureBySlugQuery.request(slug: "a;b=c").requestPath == WKNDQueries.adventureBySlug("a;b=c").requestPath)
    }

    @Test func adventureBySlugDecodesAsTheHandWrittenDetail() async throws {
        try await ServedPackage.sample.withService { aem in
            for slug in ["lofoten-winter-surf", "cinque-terre-coastal-walk", "yosemite-big-wall-intro"] {
                let generated = try await aem.execute(AdventureBySlugQuery.request(slug: slug, imageWidth: 640))
                let handWritten = try await aem.execute(
                    WKNDQueries.adventureBySlug(slug, image: try ImageTransform(width: 640))
                ).map { try $0.adventureDetail() }
                let list = try #require(generated.data?.adventureList)
                let item = try #require(list.items.first)
                let detail = try #require(handWritten.data)
                Self.expectSame(
                    item.path, item.slug, item.title, item.price, item.primaryImage?.asImageRef, as: detail.adventure)
                #expect(item.activity == detail.adventure.activity)
                #expect(item.adventureType == detail.adventure.adventureType)
                #expect(item.tripLength == detail.adventure.tripLength)
                #expect(item.groupSize == detail.adventure.groupSize)
                #expect(item.difficulty == detail.adventure.difficulty)
                #expect(item.description == detail.adventure.description)
                #expect(item.itinerary == detail.adventure.itinerary)
                #expect(item.gearList == detail.adventure.gearList)
                #expect(item.description?.json?.isEmpty == false)
                Self.expectSame(list.references ?? [], as: detail.references)
            }
            let none = try await aem.execute(AdventureBySlugQuery.request(slug: "no-such-adventure"))
            #expect(none.data?.adventureList.items == [])
        }
    }

    @Test func adventureByPathDecodesAsTheHandWrittenDetail() async throws {
        try await ServedPackage.sample.withService { aem in
            let detail = try #require(
                try await aem.execute(WKNDQueries.adventureBySlug("lofoten-winter-surf")).map {
                    try $0.adventureDetail()
                }.data)
            let path = try #require(detail.adventure.path)
            let generated = try await aem.execute(AdventureByPathQuery.request(path: path))
            let result = try #require(generated.data?.adventureByPath)
            let item = try #require(result.item)
            Self.expectSame(
                item.path, item.slug, item.title, item.price, item.primaryImage?.asImageRef, as: detail.adventure)
            #expect(item.id?.isEmpty == false)
            #expect(item.description == detail.adventure.description)
            #expect(item.itinerary == detail.adventure.itinerary)
            let references = result.references ?? []
            #expect(references.count == detail.references.count)
            for (reference, expected) in zip(references, detail.references) {
                switch (reference, expected) {
                case (.adventure(let adventure), .adventure(let other)):
                    Self.expectSame(
                        adventure.path, adventure.slug, adventure.title, adventure.price, other.primaryImage, as: other)
                case (.imageRef(let image), .image(let other)):
                    #expect(image == other)
                default:
                    Issue.record("\(reference) is not \(expected)")
                }
            }
        }
    }

    @Test func paginatedFollowsCursorsLikeTheHandWrittenList() async throws {
        try await ServedPackage.sample.withService { aem in
            let first = try #require(
                try await aem.execute(AdventuresPaginatedQuery.request(first: 6, sort: "title ASC")).data?
                    .adventurePaginated)
            #expect(first.edges.count == 6)
            #expect(first.pageInfo.hasNextPage)
            let cursor = try #require(first.pageInfo.endCursor)
            let second = try #require(
                try await aem.execute(AdventuresPaginatedQuery.request(first: 6, after: cursor, sort: "title ASC"))
                    .data?.adventurePaginated)
            let nodes = (first.edges + second.edges).map(\.node)
            let adventures = try #require(
                try await aem.execute(WKNDQueries.adventures(limit: 12, sort: "title ASC")).map(\.adventures).data)
            #expect(nodes.map(\.slug) == adventures.map(\.slug))
            #expect(nodes.map(\.price) == adventures.map(\.price))
            #expect(nodes.map { $0.primaryImage?.asImageRef?.path } == adventures.map { $0.primaryImage?.path })
            #expect(first.edges.allSatisfy { !$0.cursor.isEmpty })
        }
    }

    private static func expectSame(
        _ path: String?, _ slug: String?, _ title: String?, _ price: Double?, _ image: AEMHeadless.ImageReference?,
        as adventure: Adventure, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(path == adventure.path, sourceLocation: sourceLocation)
        #expect(slug == adventure.slug, sourceLocation: sourceLocation)
        #expect(title == adventure.title, sourceLocation: sourceLocation)
        #expect(price == adventure.price, sourceLocation: sourceLocation)
        #expect(image == adventure.primaryImage, sourceLocation: sourceLocation)
    }

    private static func expectSame(
        _ references: [AdventureBySlugQuery.Data.AdventureList.Reference], as expected: [AdventureReference]
    ) {
        #expect(references.count == expected.count)
        for (reference, other) in zip(references, expected) {
            switch (reference, other) {
            case (.adventure(let adventure), .adventure(let handWritten)):
                expectSame(
                    adventure.path, adventure.slug, adventure.title, adventure.price, handWritten.primaryImage,
                    as: handWritten)
            case (.imageRef(let image), .image(let handWritten)):
                #expect(image == handWritten)
            default:
                Issue.record("\(reference) is not \(other)")
            }
        }
    }
}
