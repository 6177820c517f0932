import EmulatorTestSupport
import Foundation
import Testing

@testable import AEMEmulator

/// `_locale` on list and paginated fields, the `_locale` system field, and the sample's German language copy,
/// executed over the bundled sample.
@Suite struct LocaleQueryTests {
    private let engine: QueryEngine

    init() throws {
        engine = QueryEngine(repository: try EmulatorContent.sample().repository)
    }

    private func items(_ query: String) async -> [JSONNode] {
        let answer = await EngineFixtures.run(engine, "wknd-shared", query).json
        #expect(answer["errors"].exists == false, "\(answer)")
        return answer["data"]["adventureList"]["items"].array
    }

    @Test func aLocaleListsItsLanguageCopyOnly() async {
        let german = await items(#"{ adventureList(_locale: "de") { items { _path title _locale } } }"#)
        #expect(german.count == 8)
        #expect(german.allSatisfy { $0["_path"].string?.hasPrefix("/content/dam/wknd-shared/de/") == true })
        #expect(german.allSatisfy { $0["_locale"].string == "de" })
        #expect(german.contains { $0["title"].string == "Skisafari in den Dolomiten" })
        let english = await items(#"{ adventureList(_locale: "en") { items { _path _locale } } }"#)
        #expect(english.count == 20)
        #expect(english.allSatisfy { $0["_locale"].string == "en" })
        #expect(await items("{ adventureList { items { _path } } }").count == 28)
    }

    @Test func theCodeIsComparedIgnoringCaseAndSeparator() async {
        #expect(await items(#"{ adventureList(_locale: "DE") { items { _path } } }"#).count == 8)
        // A region is a language copy of its own: no folder de_ch, no fragments.
        #expect(await items(#"{ adventureList(_locale: "de-CH") { items { _path } } }"#).isEmpty)
    }

    @Test func aLocaleWithoutAFolderOrNotALocaleGivesAnEmptyListNotAnError() async {
        #expect(await items(#"{ adventureList(_locale: "fr") { items { _path } } }"#).isEmpty)
        #expect(await items(#"{ adventureList(_locale: "not a locale") { items { _path } } }"#).isEmpty)
        // Empty is no filter.
        #expect(await items(#"{ adventureList(_locale: "") { items { _path } } }"#).count == 28)
    }

    @Test func theLocaleCombinesWithFiltersSortingAndPaging() async {
        let skiing = await items(
            #"{ adventureList(_locale: "de", filter: {activity: {_expressions: [{value: "Skiing"}]}}, sort: "title DESC") { items { title activity } } }"#
        )
        #expect(!skiing.isEmpty)
        #expect(skiing.allSatisfy { $0["activity"].string == "Skiing" })
        let titles = skiing.compactMap { $0["title"].string }
        #expect(titles == titles.sorted(by: >))
        let page = await items(#"{ adventureList(_locale: "de", offset: 6, limit: 5) { items { _path } } }"#)
        #expect(page.count == 2)

        var seen: [String] = []
        var after: String?
        repeat {
            let argument = after.map { #", after: "\#($0)""# } ?? ""
            let answer = await EngineFixtures.run(
                engine, "wknd-shared",
                #"{ adventurePaginated(_locale: "de", first: 3\#(argument)) { edges { cursor node { _path } } pageInfo { hasNextPage endCursor } } }"#
            ).json["data"]["adventurePaginated"]
            seen += answer["edges"].array.compactMap { $0["node"]["_path"].string }
            after = answer["pageInfo"]["hasNextPage"].bool == true ? answer["pageInfo"]["endCursor"].string : nil
        } while after != nil && seen.count < 30
        #expect(seen.count == 8)
        #expect(Set(seen).count == 8)
        #expect(seen.allSatisfy { $0.contains("/de/") })
    }

    @Test func theSampleStoresTheTutorialsLocaleQueryAndItsListsDefaultToEnglish() async throws {
        try await withEmulator { emulator in
            let german = try await emulator.get("/graphql/execute.json/wknd-shared/adventures-by-locale;locale=de")
                .json()["data"]["adventureList"]["items"].array
            #expect(german.count == 8)
            let all = try await emulator.get(Paths.adventuresAll).json()["data"]["adventureList"]["items"].array
            #expect(all.count == 20)
            #expect(all.allSatisfy { $0["_path"].string?.contains("/en/") == true })
            let copies = try await emulator.get(Paths.adventureBySlug + ";slug=dolomites-ski-safari;locale=de")
                .json()["data"]["adventureList"]["items"].array
            #expect(copies.compactMap { $0["title"].string } == ["Skisafari in den Dolomiten"])
        }
    }

    @Test func theDeliveryAPIListsALanguageCopyByItsFolder() async throws {
        try await withEmulator { emulator in
            let page = try await emulator.get("/adobe/contentFragments?path=/content/dam/wknd-shared/de&limit=50")
            #expect(page.status == 200)
            let paths = try page.json()["items"].array.compactMap { $0["path"].string }
            #expect(paths.count == 8)
            #expect(paths.allSatisfy { $0.hasPrefix("/content/dam/wknd-shared/de/") })
        }
    }
}
