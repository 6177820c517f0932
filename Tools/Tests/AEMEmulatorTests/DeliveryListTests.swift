import AEMEmulator
import Foundation
import Testing

/// `GET /adobe/contentFragments`: which fragments a `path` selects, pages and cursors, and the 400s for a bad path,
/// limit or cursor.
struct DeliveryListTests {
    @Test func followingCursorsListsEveryFragmentOnceInPathOrder() async throws {
        try await DeliveryFixtures.withDeliveryEmulator { emulator in
            var paths: [String] = []
            var pageSizes: [Int] = []
            var target = "/adobe/contentFragments?path=\(DeliveryFixtures.bulkFolder)&limit=50"
            while true {
                let page = try await emulator.get(target)
                #expect(page.status == 200)
                let json = try page.json()
                let items = json["items"].array
                pageSizes.append(items.count)
                paths += items.compactMap { $0["path"].string }
                #expect(items.allSatisfy { $0["references"].exists == false && $0["referencesTree"].exists == false })
                guard let cursor = json["cursor"].string else { break }
                let encoded = try #require(cursor.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
                target = "/adobe/contentFragments?path=\(DeliveryFixtures.bulkFolder)&limit=50&cursor=\(encoded)"
                try #require(pageSizes.count <= 10)
            }
            #expect(pageSizes == [50, 50, 20])
            #expect(paths == (0..<DeliveryFixtures.bulkCount).map(DeliveryFixtures.bulkPath))
        }
    }

    @Test func theDefaultPageIsFiftyAndTheLastPageHasNoCursor() async throws {
        try await DeliveryFixtures.withDeliveryEmulator { emulator in
            let first = try await emulator.get("/adobe/contentFragments?path=\(DeliveryFixtures.bulkFolder)")
            #expect(try first.json()["items"].array.count == 50)
            #expect(try first.json()["cursor"].string != nil)
            let small = try await emulator.get("/adobe/contentFragments?path=/content/dam/mag/en&limit=5")
            #expect(try small.json()["items"].array.count == 5)
            #expect(try small.json().keys == ["items"])
        }
    }

    @Test func aFolderListsEveryFragmentBelowItButNotThoseOfASiblingWithALongerName() async throws {
        try await DeliveryFixtures.withDeliveryEmulator { emulator in
            let page = try await emulator.get("/adobe/contentFragments?path=/content/dam/mag/en")
            #expect(try page.json()["items"].array.compactMap { $0["path"].string } == DeliveryFixtures.magEnglishPaths)
            let empty = try await emulator.get("/adobe/contentFragments?path=/content/dam/nothing-here")
            #expect(empty.status == 200)
            #expect(try empty.json()["items"].array.isEmpty)
        }
    }

    @Test func aFragmentPathListsThatFragmentAlone() async throws {
        try await DeliveryFixtures.withDeliveryEmulator { emulator in
            let page = try await emulator.get("/adobe/contentFragments?path=\(DeliveryFixtures.alphaPath)")
            let json = try page.json()
            #expect(json["items"].array.count == 1)
            #expect(json["items"][0]["id"].string == "f-alpha")
            #expect(json["items"][0]["fields"]["title"].string == "Alpha")
            #expect(json["cursor"].exists == false)
        }
    }

    @Test func withoutAPathEveryFragmentIsListedInUTF8PathOrder() async throws {
        try await DeliveryFixtures.withDeliveryEmulator { emulator in
            let content = DeliveryFixtures.content()
            var paths: [String] = []
            var target = "/adobe/contentFragments"
            while true {
                let json = try await emulator.get(target).json()
                paths += json["items"].array.compactMap { $0["path"].string }
                guard let cursor = json["cursor"].string else { break }
                target = "/adobe/contentFragments?cursor=\(cursor)"
                try #require(paths.count <= content.fragmentPaths.count)
            }
            #expect(paths == content.fragmentPaths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        }
    }

    @Test(arguments: ["0", "51", "-1", "abc", "1.5", "", "%2010"])
    func aLimitOutsideOneToFiftyIsABadRequest(limit: String) async throws {
        try await DeliveryFixtures.withDeliveryEmulator { emulator in
            let response = try await emulator.get("/adobe/contentFragments?path=/content/dam/mag&limit=\(limit)")
            try expectProblem(response, status: 400, title: "Bad Request")
        }
    }

    @Test(arguments: ["/content/dam/mag/", "/content/dam/", "/content/mag", "content/dam/mag", "", "/CONTENT/dam/x"])
    func aPathOutsideTheDAMOrEndingInASlashIsABadRequest(path: String) async throws {
        try await DeliveryFixtures.withDeliveryEmulator { emulator in
            let encoded = try #require(path.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            let response = try await emulator.get("/adobe/contentFragments?path=\(encoded)")
            try expectProblem(response, status: 400, title: "Bad Request")
        }
    }

    @Test(arguments: ["garbage", "!!!", "eyJvIjo1MH0", "e30", "eyJvIjotMSwicSI6IiJ9", "eyJvIjoxMDAwMCwicSI6IiJ9"])
    func aCursorTheAPIDidNotGiveIsABadRequest(cursor: String) async throws {
        try await DeliveryFixtures.withDeliveryEmulator { emulator in
            let response = try await emulator.get("/adobe/contentFragments?cursor=\(cursor)")
            try expectProblem(response, status: 400, title: "Bad Request")
        }
    }

    @Test func aCursorReusedWithAnotherPathIsABadRequest() async throws {
        try await DeliveryFixtures.withDeliveryEmulator { emulator in
            let first = try await emulator.get("/adobe/contentFragments?path=\(DeliveryFixtures.bulkFolder)&limit=2")
            let cursor = try #require(try first.json()["cursor"].string)
            let same = try await emulator.get(
                "/adobe/contentFragments?path=\(DeliveryFixtures.bulkFolder)&limit=2&cursor=\(cursor)")
            #expect(try same.json()["items"][0]["path"].string == DeliveryFixtures.bulkPath(2))
            let other = try await emulator.get("/adobe/contentFragments?path=/content/dam/mag&limit=2&cursor=\(cursor)")
            try expectProblem(other, status: 400, title: "Bad Request")
            let none = try await emulator.get("/adobe/contentFragments?limit=2&cursor=\(cursor)")
            try expectProblem(none, status: 400, title: "Bad Request")
        }
    }

    @Test func theSamplePackageIsListedFromTheFragmentsItServesGraphQLFrom() async throws {
        try await withEmulator { emulator in
            let sample = try EmulatorContent.sample()
            let folder = "/content/dam/wknd-shared/en/adventures"
            let expected = sample.fragmentPaths.filter { $0.hasPrefix(folder + "/") }
            let json = try await emulator.get("/adobe/contentFragments?path=\(folder)").json()
            #expect(json["items"].array.compactMap { $0["path"].string } == expected)
            let first = json["items"][0]
            #expect(first["id"].string == sample[fragment: expected[0]]?.uuid)
            #expect(first["name"].string == "")
            let modelPath = try #require(sample.modelPath(titled: "Adventure"))
            #expect(first["model"]["id"].string == DeliveryFragmentTests.base64URL(modelPath))
        }
    }
}

/// Checks that `response` is RFC 9457 Problem Details with `status` and `title` and a detail.
func expectProblem(_ response: HTTPResult, status: Int, title: String) throws {
    #expect(response.status == status)
    #expect(response.header("Content-Type") == "application/problem+json")
    let json = try response.json()
    #expect(json["status"].int == status)
    #expect(json["title"].string == title)
    #expect(!(json["detail"].string ?? "").isEmpty)
}
