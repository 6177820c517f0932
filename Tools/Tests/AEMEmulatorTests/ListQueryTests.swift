import AEMEmulator
import EmulatorTestSupport
import Testing

/// `adventures-all`: shape, `sort`, `offset` and `limit`.
struct ListQueryTests {
    @Test func itemsHaveTheSelectedFieldsInOrder() async throws {
        try await withEmulator { emulator in
            let response = try await emulator.get(Paths.adventuresAll)
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json")
            let items = try response.json()["data"]["adventureList"]["items"].array
            #expect(items.count == (try EmulatorContent.sample().adventures.count))
            // Without `sort`, list queries answer in path order.
            #expect(
                response.text.hasPrefix(
                    #"{"data":{"adventureList":{"items":[{"_path":"/content/dam/wknd-shared/en/adventures/algarve-first-waves/algarve-first-waves","slug":"algarve-first-waves","title":"Algarve First Waves","activity":"Surfing","price":95.5,"tripLength":"#
                ))
            #expect(
                response.text.contains(
                    #""slug":"lofoten-winter-surf","title":"Lofoten Winter Surf Week","activity":"Surfing","price":2450,"tripLength":"6\#u{00A0}days","primaryImage":{"_path":"/content/dam/wknd-shared/en/adventures/lofoten-winter-surf/Lofoten surf.jpg","_dynamicUrl":"/adobe/dynamicmedia/deliver/dm-aid--"#
                ))
            let paths = items.compactMap(\.["_path"].string)
            #expect(paths == paths.sorted())
            for item in items {
                #expect(
                    Set(item.keys) == ["_path", "slug", "title", "activity", "price", "tripLength", "primaryImage"])
            }
            #expect(response.text.contains(#""price":95.5,"#))
            #expect(items.contains { $0["price"].isNull })
            #expect(items.contains { $0["primaryImage"].isNull })
            #expect(items.contains { $0["tripLength"].isNull })
        }
    }

    @Test func sortsByTitleAscending() async throws {
        try await withEmulator { emulator in
            let titles = try await emulator.get(Paths.adventuresAll + ";sort=title%20ASC;").json()["data"][
                "adventureList"]["items"]
                .array.compactMap(\.["title"].string)
            #expect(titles.count == (try EmulatorContent.sample().adventures.count))
            #expect(titles == titles.sorted())
        }
    }

    @Test func sortsByPriceDescendingWithMissingPricesLast() async throws {
        try await withEmulator { emulator in
            let items = try await emulator.get(Paths.adventuresAll + ";sort=price%20DESC;").json()["data"][
                "adventureList"]["items"].array
            let prices = items.map(\.["price"].double)
            let known = prices.compactMap { $0 }
            #expect(known == known.sorted(by: >))
            #expect(prices.last == .some(nil))
            #expect(prices.first == 4500)
        }
    }

    @Test func sortsBySeveralKeys() async throws {
        try await withEmulator { emulator in
            let items = try await emulator.get(Paths.adventuresAll + ";sort=activity%20DESC,title;").json()["data"][
                "adventureList"]["items"].array
            let pairs: [[String]] = items.map { [$0["activity"].string ?? "", $0["title"].string ?? ""] }
            let expected = pairs.sorted { lhs, rhs in lhs[0] != rhs[0] ? lhs[0] > rhs[0] : lhs[1] < rhs[1] }
            #expect(pairs.first?.first == "Surfing")
            #expect(pairs == expected)
        }
    }

    @Test func offsetAndLimitPage() async throws {
        try await withEmulator { emulator in
            let all = try await emulator.get(Paths.adventuresAll + ";sort=slug;").json()["data"]["adventureList"][
                "items"
            ].array.compactMap(\.["slug"].string)
            let page = try await emulator.get(Paths.adventuresAll + ";sort=slug;offset=5;limit=4;").json()["data"][
                "adventureList"]["items"].array.compactMap(\.["slug"].string)
            #expect(page == Array(all[5..<9]))
            let beyond = try await emulator.get(Paths.adventuresAll + ";offset=500;").json()["data"]["adventureList"][
                "items"
            ].array
            #expect(beyond.isEmpty)
            let none = try await emulator.get(Paths.adventuresAll + ";limit=0;").json()["data"]["adventureList"][
                "items"
            ].array
            #expect(none.isEmpty)
        }
    }

    @Test func unknownSortFieldIsAFetchError() async throws {
        try await withEmulator { emulator in
            let response = try await emulator.get(Paths.adventuresAll + ";sort=colour%20ASC;")
            #expect(response.status == 200)
            let json = try response.json()
            #expect(json["data"].isNull) // `adventureList` is non-null: its error nulls the data
            #expect(json["errors"][0]["path"][0].string == "adventureList")
            #expect(json["errors"][0]["message"].string?.contains("colour") == true)
        }
    }
}
