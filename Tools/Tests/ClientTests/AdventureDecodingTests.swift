import AEMHeadless
import EmulatorTestSupport
import Foundation
import Testing
import WKNDSample

@Suite("WKND adventures decoded from recorded AEM responses")
struct AdventureDecodingTests {
    @Test func listOfAdventuresDecodesEveryItem() async throws {
        let result = try await RecordedFixture.adventureList("adventures-all.json").adventures
        #expect(result.errors.isEmpty)
        let adventures = try #require(result.data)
        #expect(adventures.count == 12)
        #expect(Set(adventures.compactMap(\.slug)).count == 12)

        let first = adventures[0]
        #expect(first.slug == "cote-azur-sea-cliffs")
        #expect(first.title == "Côte d’Azur Sea Cliffs")
        #expect(first.path == "/content/dam/wknd-shared/en/adventures/cote-azur-sea-cliffs/cote-azur-sea-cliffs")
        #expect(first.activity == "Rock Climbing")
        #expect(first.price == 1280)
        #expect(first.tripLength == "4 days")
        #expect(
            first.primaryImage?.path
                == "/content/dam/wknd-shared/en/adventures/cote-azur-sea-cliffs/cote-azur-sea-cliffs.jpg")
        #expect(first.primaryImage?.dynamicUrl?.hasPrefix("/adobe/dynamicmedia/deliver/dm-aid--") == true)
        // Fields the list query does not select stay nil.
        #expect(first.difficulty == nil)
        #expect(first.groupSize == nil)
        #expect(first.description == nil)
    }

    @Test func priceDecodesFromIntegerAndFractionalNumbers() async throws {
        let adventures = try #require(try await RecordedFixture.adventureList("adventures-all.json").adventures.data)
        let prices = Dictionary(uniqueKeysWithValues: adventures.map { ($0.slug ?? "", $0.price) })
        #expect(prices["haute-route-ski-tour"] == 4500)
        #expect(prices["lisbon-longboard-loop"] == 95.5)
        #expect(prices["mallorca-cycling-camp"] == 1150.75)
        #expect(prices["montreal-bouldering-social"] == 35)
    }

    @Test(arguments: [
        (#"{"price": 4500}"#, 4500.0), (#"{"price": 95.5}"#, 95.5), (#"{"price": 4.5e3}"#, 4500.0),
        (#"{"price": 4500.0}"#, 4500.0), (#"{"price": "95.5"}"#, 95.5), (#"{"price": -0}"#, 0.0),
    ])
    func priceAcceptsAnyJSONNumber(json: String, expected: Double) async throws {
        let adventure = try JSONDecoder().decode(Adventure.self, from: Data(json.utf8))
        #expect(adventure.price == expected)
    }

    @Test func wronglyTypedOptionalFieldsReadAsNil() async throws {
        let json =
            #"{"slug": 7, "price": "free", "groupSize": 6.5, "primaryImage": "x.jpg", "description": [1], "tripLength": {"a": 1}}"#
        let adventure = try JSONDecoder().decode(Adventure.self, from: Data(json.utf8))
        #expect(adventure == Adventure())
        let whole = try JSONDecoder().decode(Adventure.self, from: Data(#"{"groupSize": 8.0}"#.utf8))
        #expect(whole.groupSize == 8)
    }

    @Test func nonASCIITextSurvivesDecoding() async throws {
        let adventures = try #require(try await RecordedFixture.adventureList("adventures-all.json").adventures.data)
        let bySlug = Dictionary(uniqueKeysWithValues: adventures.map { ($0.slug ?? "", $0) })
        #expect(bySlug["haute-route-ski-tour"]?.title == "Haute Route \u{2013} Chamonix to Zermatt")
        #expect(bySlug["faroe-trail-running"]?.tripLength == "4\u{00A0}days")
        #expect(bySlug["dolomites-hut-to-hut"]?.tripLength == "5–6 days")
        #expect(bySlug["montreal-bouldering-social"]?.title == "Montr\u{00E9}al Bouldering Social")
        #expect(bySlug["cote-azur-sea-cliffs"]?.title?.contains("\u{2019}") == true)
    }

    @Test func detailDecodesEveryFieldAndItsReferences() async throws {
        let result = try await RecordedFixture.adventureList("adventure-by-slug.json").adventureDetail()
        #expect(result.errors.isEmpty)
        let detail = try #require(result.data)
        let adventure = detail.adventure
        #expect(adventure.slug == "cote-azur-sea-cliffs")
        #expect(adventure.adventureType == "Overnight Trip")
        #expect(adventure.difficulty == "Intermediate")
        #expect(adventure.difficultyLevel == .intermediate)
        #expect(adventure.groupSize == 6)
        #expect(adventure.price == 1280)
        let image = try #require(adventure.primaryImage)
        #expect(image.width == 2400)
        #expect(image.height == 1600)
        #expect(image.mimeType == "image/jpeg")
        #expect(
            image.authorUrl
                == "https://author-p10101-e20202.adobeaemcloud.com/content/dam/wknd-shared/en/adventures/cote-azur-sea-cliffs/cote-azur-sea-cliffs.jpg"
        )
        #expect(image.publishUrl?.hasPrefix("https://publish-p10101-e20202.adobeaemcloud.com/") == true)
        #expect(adventure.description?.json?.count == 8)
        #expect(adventure.description?.markdown?.hasPrefix("## Limestone above the sea") == true)
        #expect(adventure.description?.html?.contains("6a&nbsp;yet") == true)
        #expect(adventure.description?.plaintext?.contains("6a\u{00A0}yet") == true)
        #expect(adventure.itinerary?.json?.count == 2)
        #expect(adventure.itinerary?.markdown == nil)
        #expect(adventure.gearList == nil)
    }

    @Test func referencesAreDecodedByTypenameAndUnknownTypesAreKept() async throws {
        let detail = try #require(
            try await RecordedFixture.adventureList("adventure-by-slug.json").adventureDetail().data)
        #expect(detail.references.map(\.typename) == ["AdventureModel", "AdventureModel", "ImageRef", "ArticleModel"])

        let linked = detail.referencedAdventures
        #expect(linked.map(\.slug) == ["dolomites-hut-to-hut", "haute-route-ski-tour"])
        #expect(linked.map(\.price) == [1890, 4500])

        guard case .image(let image) = detail.references[2] else {
            Issue.record("expected an image, got \(detail.references[2])")
            return
        }
        #expect(
            image.path == "/content/dam/wknd-shared/en/adventures/cote-azur-sea-cliffs/Calanques crag – morning.jpg")
        #expect(image.dynamicUrl == nil)
        #expect(image.width == 1920)

        guard case .unknown(let typename, let json) = detail.references[3] else {
            Issue.record("expected an unknown reference, got \(detail.references[3])")
            return
        }
        #expect(typename == "ArticleModel")
        #expect(json["author"] == .string("Inès Marchand"))
        #expect(json["title"] == .string("Chalk talk: grades explained"))
        #expect(detail.references[3].path == "/content/dam/wknd-shared/en/magazine/chalk-talk/chalk-talk")
    }

    @Test func richTextReferencesResolveAgainstReferences() async throws {
        let detail = try #require(
            try await RecordedFixture.adventureList("adventure-by-slug.json").adventureDetail().data)
        let nodes = detail.adventure.description?.json ?? []
        let fragment = try #require(nodes.flatMap(\.children).first { $0.kind == .fragmentReference })
        let target = try #require(fragment.data?.href)
        #expect(detail.reference(forPath: target)?.adventure?.title == "Dolomites Hut to Hut")
        let asset = try #require(nodes.first { $0.kind == .assetReference })
        #expect(detail.reference(forPath: asset.data?.path ?? "")?.image?.height == 1280)
        #expect(detail.reference(forPath: "/content/dam/nowhere") == nil)
    }

    @Test func noAdventureWithTheSlugIsNilDataNotAnError() async throws {
        let result = try await RecordedFixture.adventureList("adventure-by-slug-no-match.json").adventureDetail()
        #expect(result.errors.isEmpty)
        #expect(result.data == nil)
    }

    @Test func aMissingListIsNoDataRatherThanNoMatch() async throws {
        let body = Data(#"{"data":{"adventureList":null},"errors":[{"message":"boom"}]}"#.utf8)
        let envelope = try JSONDecoder().decode(AdventureListData.self, from: Data(#"{"adventureList":null}"#.utf8))
        #expect(envelope.adventureList == nil)
        let result = try await CannedAnswer(body: body)
            .read(PersistedQuery<AdventureListData>("wknd-shared/q"), on: RecordedFixture.origin)
        #expect(result.data?.adventureList == nil)
        let error = #expect(throws: AemError.self) { try result.adventureDetail() }
        #expect(error?.kind == .graphQLErrors)
        #expect(error?.graphQLErrors.map(\.message) == ["boom"])
    }

    @Test func nullsInEveryOptionalFieldDecode() async throws {
        let result = try await RecordedFixture.adventureList("adventure-nulls.json")
        let list = try #require(result.data?.adventureList)
        #expect(list.references == nil)
        // The `null` entry is skipped; the three objects remain, in order.
        #expect(list.items.count == 3)

        let allNull = list.items[0]
        #expect(allNull.slug == "baja-desert-camping")
        #expect(allNull.title == "Baja Desert Stargazing Camp")
        #expect(allNull == Adventure(path: allNull.path, slug: allNull.slug, title: allNull.title))

        let emptyParts = list.items[1]
        #expect(emptyParts.slug == nil)
        #expect(emptyParts.title == nil)
        #expect(emptyParts.price == 0)
        #expect(emptyParts.groupSize == 10)
        #expect(emptyParts.tripLength == "")
        #expect(emptyParts.difficultyLevel == .expert)
        #expect(emptyParts.primaryImage == ImageReference())
        #expect(emptyParts.primaryImage?.url(on: RecordedFixture.origin) == nil)
        #expect(emptyParts.description == RichText())
        #expect(emptyParts.description?.text == nil)
        #expect(emptyParts.itinerary?.json == [])
        #expect(emptyParts.itinerary?.plaintext == "")

        let pathOnly = list.items[2]
        #expect(
            pathOnly
                == Adventure(path: "/content/dam/wknd-shared/en/adventures/hokkaido-powder-week/hokkaido-powder-week"))
    }

    @Test func partialDataKeepsTheItemsAndTheErrors() async throws {
        let result = try await RecordedFixture.adventureList("partial-data-with-errors.json")
        let items = try #require(result.data?.adventureList?.items)
        #expect(items.map(\.slug) == ["cote-azur-sea-cliffs", "lisbon-longboard-loop"])
        #expect(result.errors.count == 1)
        let error = try #require(result.errors.first)
        #expect(error.message.contains("required field 'title'"))
        #expect(error.locations == [GraphQLError.Location(line: 4, column: 7)])
        #expect(error.path == [.string("adventureList"), .string("items"), UntypedJSON(1), .string("title")])
        #expect(error.extensions?["classification"] == .string("DataFetchingException"))
        #expect(result.adventures.data?.count == 2)
        #expect(result.adventures.errors == result.errors)
    }

    @Test func aemQueryValidationErrorOnA500() async throws {
        do {
            _ = try await RecordedFixture.decode(AdventureListData.self, "query-validation-error.json", status: 500)
            Issue.record("a 500 must throw")
        } catch let error as AemError {
            #expect(error.kind == .httpStatus)
            #expect(error.status == 500)
            let first = try #require(error.graphQLErrors.first)
            #expect(first.errorType == "QueryValidationError")
            #expect(first.message == "Persisted Query Validation Error")
            #expect(first.details?.contains("Field 'pricee' in type 'AdventureModel' is undefined") == true)
            #expect(first.locations == nil)
        }
    }

    @Test func aemQueryValidationErrorOnA200IsAResultWithoutData() async throws {
        let result = try await RecordedFixture.adventureList("query-validation-error.json")
        #expect(result.data == nil)
        #expect(result.errors.map(\.errorType) == ["QueryValidationError"])
        #expect(throws: AemError.self) { try result.adventureDetail() }
    }

    @Test func standardGraphQLErrorsKeepLocationsPathAndExtensions() async throws {
        let result = try await RecordedFixture.adventureList("graphql-errors-standard.json")
        #expect(result.data == nil)
        #expect(result.errors.count == 2)
        #expect(result.errors[0].locations == [GraphQLError.Location(line: 2, column: 16)])
        #expect(result.errors[0].path == nil)
        #expect(result.errors[0].errorType == nil)
        #expect(result.errors[1].path == [.string("adventureList"), .string("items"), UntypedJSON(0)])
        #expect(result.errors[1].extensions?["code"] == .string("INVALID_VARIABLE"))
    }

    @Test func unknownTypenamesAndMissingTypenamesAreKept() async throws {
        let json =
            #"[{"__typename":"DocumentRef","_path":"/content/dam/wknd/gear.pdf","format":"application/pdf"},{"_path":"/content/dam/x"},{"__typename":"ImageRef","_path":"/content/dam/y.jpg"},null]"#
        let list = try JSONDecoder().decode(
            AdventureList.self, from: Data(#"{"items":[],"_references":\#(json)}"#.utf8))
        let references = try #require(list.references)
        #expect(references.count == 3)
        #expect(
            references[0]
                == .unknown(
                    typename: "DocumentRef",
                    json: UntypedJSON(dictionary: [
                        "__typename": .string("DocumentRef"), "_path": .string("/content/dam/wknd/gear.pdf"),
                        "format": .string("application/pdf"),
                    ])))
        #expect(references[1].typename == nil)
        #expect(references[1].path == "/content/dam/x")
        #expect(references[2] == .image(ImageReference(path: "/content/dam/y.jpg")))
    }

    @Test(arguments: [
        "adventures-all.json", "adventure-by-slug.json", "adventure-nulls.json",
        "dynamic-url-null-and-empty.json", "partial-data-with-errors.json",
    ])
    func encodingGivesBackAnEquivalentValue(fixture: String) async throws {
        let data = try #require(try await RecordedFixture.adventureList(fixture).data)
        let encoded = try JSONEncoder().encode(data)
        #expect(try JSONDecoder().decode(AdventureListData.self, from: encoded) == data)
    }

    @Test func referencesEncodeInAEMsShapeWithTheirTypename() async throws {
        let original = try RecordedFixture.json(RecordedFixture.data("adventure-by-slug.json"))
        let detail = try #require(
            try await RecordedFixture.adventureList("adventure-by-slug.json").adventureDetail().data)
        let encoded = try RecordedFixture.json(JSONEncoder().encode(detail.references))
        // AEM's nulls are left out when encoding; everything else is as AEM sent it.
        #expect(encoded == original["data"]?["adventureList"]?["_references"].map(Self.droppingNulls))
    }

    @Test func adventureEncodesWithAEMsFieldNames() async throws {
        let adventure = Adventure(
            path: "/content/dam/a/a", slug: "a-trip", price: 95.5,
            primaryImage: ImageReference(path: "/content/dam/a.jpg"))
        let json = try RecordedFixture.json(JSONEncoder().encode(adventure))
        #expect(
            json
                == UntypedJSON(dictionary: [
                    "_path": .string("/content/dam/a/a"), "slug": .string("a-trip"), "price": UntypedJSON(95.5),
                    "primaryImage": UntypedJSON(dictionary: ["_path": .string("/content/dam/a.jpg")]),
                ]))
    }

    static func droppingNulls(_ value: UntypedJSON) -> UntypedJSON {
        switch value {
        case .object(let members):
            .object(members.filter { $0.value != .null }.map { UntypedJSON.Member($0.key, droppingNulls($0.value)) })
        case .array(let elements): .array(elements.map(droppingNulls))
        default: value
        }
    }
}
