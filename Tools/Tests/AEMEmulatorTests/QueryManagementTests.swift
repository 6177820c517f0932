import AEMEmulator
import Foundation
import Testing

/// Stored queries listed, persisted and run; the schema as SDL; ad-hoc queries; a stored query that no longer
/// validates.
struct QueryManagementTests {
    private static let customQuery =
        "query ($activity: String!) { adventureList(filter: {activity: {_expressions: [{value: $activity}]}}, sort: \"title\") { items { slug title } } }"

    @Test func listJSONHasOneElementPerConfiguration() async throws {
        try await withEmulator { emulator in
            let list = try await emulator.get("/graphql/list.json").json().array
            #expect(list.count == 1)
            #expect(list.first?["configurationName"].string == "wknd-shared")
            let queries = list.first?["queries"].array ?? []
            #expect(
                queries.compactMap(\.["path"]["shortForm"].string) == [
                    "/wknd-shared/adventure-by-path", "/wknd-shared/adventure-by-slug", "/wknd-shared/adventures-all",
                    "/wknd-shared/adventures-by-locale", "/wknd-shared/adventures-paginated",
                ])
            #expect(
                queries.first?["path"]["longForm"].string
                    == "/wknd-shared/settings/graphql/persistentQueries/adventure-by-path")
            let all = queries.first { $0["path"]["shortForm"].string == "/wknd-shared/adventures-all" }
            #expect(all?["data"]["query"].string?.hasPrefix("query ($offset: Int, $limit: Int, $sort: String") == true)
            let other = try await emulator.get("/graphql/list.json/other").json().array
            #expect(other.first?["configurationName"].string == "other")
            #expect(other.first?["queries"].array.isEmpty == true)
        }
    }

    @Test func persistCreatesThenUpdatesAndRefusesWhatCannotBe() async throws {
        try await withEmulator { emulator in
            let url = emulator.url("/graphql/persist.json/wknd-shared/by-activity")
            let created = try await HTTPTestClient.send(url, method: .PUT, body: Self.customQuery)
            #expect(created.status == 201)
            let answer = try created.json()
            #expect(answer["action"].string == "create")
            #expect(answer["shortPath"].string == "/wknd-shared/by-activity")
            #expect(answer["path"].string == "/conf/wknd-shared/settings/graphql/persistentQueries/by-activity")

            let run = try await emulator.get("/graphql/execute.json/wknd-shared/by-activity;activity=Surfing;")
            let slugs = try run.json()["data"]["adventureList"]["items"].array.compactMap(\.["slug"].string)
            #expect(!slugs.isEmpty)
            #expect(slugs.contains("lofoten-winter-surf"))
            let listed = try await emulator.get("/graphql/list.json/wknd-shared").json()[0]["queries"].array
            #expect(listed.contains { $0["path"]["shortForm"].string == "/wknd-shared/by-activity" })

            #expect(try await HTTPTestClient.send(url, method: .PUT, body: Self.customQuery).status == 409)
            let updated = try await HTTPTestClient.send(
                url, method: .POST,
                body:
                    #"{"query": "{ adventureList(limit: 1) { items { slug } } }", "cache-control": {"max-age": 300}, "surrogate-control": {"max-age": 600, "stale-while-revalidate": 1000, "stale-if-error": 1000}}"#
            )
            #expect(updated.status == 200)
            #expect(try updated.json()["action"].string == "update")
            let rerun = try await emulator.get("/graphql/execute.json/wknd-shared/by-activity")
            #expect(try rerun.json()["data"]["adventureList"]["items"].array.count == 1)
            #expect(
                rerun.header("Cache-Control")
                    == "public, max-age=300, s-maxage=600, stale-while-revalidate=1000, stale-if-error=1000")
            #expect(rerun.header("Surrogate-Control") == nil)

            let missing = emulator.url("/graphql/persist.json/wknd-shared/not-there")
            #expect(try await HTTPTestClient.send(missing, method: .POST, body: Self.customQuery).status == 404)
        }
    }

    @Test("queries stored, updated or deleted over HTTP outlive a reload of the content, unless it changes that query")
    func changesOverHTTPOutliveAReload() async throws {
        try await withEmulator { emulator in
            let names = { () async throws -> [String] in
                try await emulator.get("/graphql/list.json/wknd-shared").json()[0]["queries"].array
                    .compactMap(\.["path"]["shortForm"].string)
            }
            let oneSlug = "{ adventureList(limit: 1) { items { slug } } }"
            let stored = emulator.url("/graphql/persist.json/wknd-shared/by-activity")
            #expect(try await HTTPTestClient.send(stored, method: .PUT, body: Self.customQuery).status == 201)
            let deleted = emulator.url("/graphql/persist.json/wknd-shared/adventures-all")
            #expect(try await HTTPTestClient.send(deleted, method: .DELETE, body: "").status == 200)
            let updated = emulator.url("/graphql/persist.json/wknd-shared/adventure-by-path")
            #expect(try await HTTPTestClient.send(updated, method: .POST, body: oneSlug).status == 200)
            let overridden = emulator.url("/graphql/persist.json/wknd-shared/adventures-paginated")
            #expect(try await HTTPTestClient.send(overridden, method: .POST, body: oneSlug).status == 200)

            // The content is saved again: one price, and the content's own text of adventures-paginated.
            var content = try EmulatorContent.sample()
            let slug = try #require(content.adventures.map(\.slug).sorted().first)
            content[slug: slug]?.master["price"] = .double(3)
            let paginated = try #require(content[query: "/wknd-shared/adventures-paginated"])
            content[query: "/wknd-shared/adventures-paginated"] = StoredQuery(
                configuration: paginated.configuration, name: paginated.name,
                text: "{ adventureList(limit: 2) { items { slug } } }")
            emulator.live.replace(with: content)

            let listed = try await names()
            #expect(listed.contains("/wknd-shared/by-activity"))
            #expect(!listed.contains("/wknd-shared/adventures-all"))
            let run = try await emulator.get("/graphql/execute.json/wknd-shared/by-activity;activity=Surfing;")
            #expect(try !run.json()["data"]["adventureList"]["items"].array.isEmpty)
            #expect(try await emulator.get("/graphql/execute.json/wknd-shared/adventures-all").status == 404)
            let byPath = try await emulator.get("/graphql/execute.json/wknd-shared/adventure-by-path")
            #expect(try byPath.json()["data"]["adventureList"]["items"].array.count == 1)
            // The content changed adventures-paginated itself: its text wins over the one stored over HTTP.
            let own = try await emulator.get("/graphql/execute.json/wknd-shared/adventures-paginated")
            #expect(try own.json()["data"]["adventureList"]["items"].array.count == 2)
        }
    }

    @Test func persistRefusesAQueryThatDoesNotValidate() async throws {
        try await withEmulator { emulator in
            let url = emulator.url("/graphql/persist.json/wknd-shared/broken")
            let refused = try await HTTPTestClient.send(
                url, method: .PUT, body: "{ adventureList { items { colour } } }")
            #expect(refused.status == 400)
            let error = try refused.json()["errors"][0]
            #expect(error["errorType"].string == "QueryValidationError")
            #expect(error["details"].string?.contains("colour") == true)
            #expect(try await emulator.get("/graphql/execute.json/wknd-shared/broken").status == 404)
            #expect(try await HTTPTestClient.send(url, method: .PUT, body: "  ").status == 400)
        }
    }

    @Test func aStoredQueryThatNoLongerValidatesAnswers500() async throws {
        var content = try EmulatorContent.sample()
        content[query: "/wknd-shared/stale"] = StoredQuery(
            configuration: "wknd-shared", name: "stale", text: "{ adventureList { items { colour } } }")
        try await withEmulator(EmulatorOptions(content: content)) { emulator in
            let response = try await emulator.get("/graphql/execute.json/wknd-shared/stale")
            #expect(response.status == 500)
            let error = try response.json()["errors"][0]
            #expect(error["errorType"].string == "QueryValidationError")
            #expect(error["message"].string == "Persisted Query Validation Error")
            #expect(error["details"].string?.contains("colour") == true)
        }
    }

    @Test func schemaIsServedAsSDL() async throws {
        try await withEmulator { emulator in
            for path in [
                "/content/cq:graphql/wknd-shared/endpoint.GQLschema",
                "/content/cq%3Agraphql/wknd-shared/endpoint.GQLschema",
            ] {
                let response = try await emulator.get(path)
                #expect(response.status == 200)
                #expect(response.header("Content-Type")?.hasPrefix("text/x-graphql-schema") == true)
                for fragment in ["type AdventureModel", "adventurePaginated", "adventureByPath", "_dynamicUrl"] {
                    #expect(response.text.contains(fragment), "\(fragment)")
                }
            }
            #expect(try await emulator.get("/content/cq:graphql/none/endpoint.GQLschema").status == 404)
        }
    }

    @Test func adHocQueriesAreOffUnlessEnabled() async throws {
        let body =
            #"{"query": "query ($n: Int) { adventureList(limit: $n, sort: \"slug\") { items { slug } } }", "variables": {"n": 2}}"#
        try await withEmulator { emulator in
            let refused = try await HTTPTestClient.send(
                emulator.url("/content/_cq_graphql/wknd-shared/endpoint.json"), method: .POST, body: body)
            #expect(refused.status == 404)
        }
        try await withEmulator(EmulatorOptions(allowsAdHocQueries: true)) { emulator in
            let answered = try await HTTPTestClient.send(
                emulator.url("/content/_cq_graphql/wknd-shared/endpoint.json"), method: .POST, body: body)
            #expect(answered.status == 200)
            #expect(try answered.json()["data"]["adventureList"]["items"].array.count == 2)
        }
    }

    @Test func paginatedQueryFollowsCursorsToTheEnd() async throws {
        try await withEmulator { emulator in
            let pages = try await emulator.allPages(of: "wknd-shared/adventures-paginated", pageSize: 6)
            let slugs = pages.flatMap(\.items).compactMap { $0["slug"]?.stringValue }
            #expect(pages.count == 4)
            #expect(pages.allSatisfy { $0.style == .cursor })
            #expect(slugs.count == 20)
            #expect(Set(slugs).count == 20)
        }
    }

    @Test func byPathQueryAnswersTheItemAndItsReferences() async throws {
        try await withEmulator { emulator in
            let path = "/content/dam/wknd-shared/en/adventures/lofoten-winter-surf/lofoten-winter-surf"
            let target =
                "/graphql/execute.json/wknd-shared/adventure-by-path;path=\(path.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? path);"
            let result = try await emulator.get(target).json()["data"]["adventureByPath"]
            #expect(result["item"]["slug"].string == "lofoten-winter-surf")
            #expect(result["_references"].array.contains { $0["__typename"].string == "AdventureModel" })
        }
    }
}
