import AEMEmulator
import Testing

/// `adventure-by-slug` and unknown queries.
struct SlugQueryTests {
    @Test func returnsTheFullItemWithRichTextRenditions() async throws {
        try await withEmulator { emulator in
            let list = try await emulator.get(Paths.adventureBySlug + ";slug=chamonix-off-piste;").json()["data"][
                "adventureList"]
            #expect(list["items"].array.count == 1)
            let item = list["items"][0]
            #expect(item.keys.count == 13)
            #expect(item["slug"].string == "chamonix-off-piste")
            #expect(
                item["_path"].string == "/content/dam/wknd-shared/en/adventures/chamonix-off-piste/chamonix-off-piste")
            #expect(item["adventureType"].string == "Overnight Trip")
            #expect(item["difficulty"].string == "Expert")
            #expect(item["groupSize"].int == 6)
            #expect(item["primaryImage"]["mimeType"].string == "image/jpeg")
            #expect(item["primaryImage"]["width"].int == 1600)
            #expect(item["description"]["json"][0]["nodeType"].string == "paragraph")
            #expect(item["description"]["html"].string?.hasPrefix("<p><b>Expert skiers only.</b>") == true)
            #expect(item["description"]["plaintext"].string?.hasPrefix("Expert skiers only. Four days") == true)
            #expect(item["itinerary"]["html"].string?.contains("<table>\n<tbody>\n<tr>\n<td>Day</td>") == true)
            #expect(item["itinerary"]["json"].array.contains { $0["nodeType"].string == "table" })
        }
    }

    @Test func referencesListTheLinkedAdventures() async throws {
        try await withEmulator { emulator in
            let list = try await emulator.get(Paths.adventureBySlug + ";slug=lofoten-winter-surf;").json()["data"][
                "adventureList"]
            let references = list["_references"].array.filter { $0["__typename"].string == "AdventureModel" }
            #expect(references.count == 1)
            #expect(references.first?["slug"].string == "algarve-first-waves")
            #expect(references.first?["price"].double == 95.5)
            #expect(
                references.first?["_path"].string
                    == "/content/dam/wknd-shared/en/adventures/algarve-first-waves/algarve-first-waves")
            // The primary image is a reference of the item too.
            #expect(
                list["_references"].array.contains {
                    $0["__typename"].string == "ImageRef" && $0["_path"].string == Paths.lofotenImage
                })
        }
    }

    @Test func referencesIncludeInlineImages() async throws {
        try await withEmulator { emulator in
            let references = try await emulator.get(Paths.adventureBySlug + ";slug=torres-del-paine-circuit;").json()[
                "data"]["adventureList"]["_references"].array
            #expect(references.allSatisfy { $0["__typename"].string == "ImageRef" })
            #expect(
                references.contains {
                    $0["_path"].string
                        == "/content/dam/wknd-shared/en/adventures/lake-district-wild-camp/lake-district-wild-camp.jpg"
                })
        }
    }

    @Test func nullOptionalFieldsStayNull() async throws {
        try await withEmulator { emulator in
            let item = try await emulator.get(Paths.adventureBySlug + ";slug=riverside-supper-club;").json()["data"][
                "adventureList"]["items"][0]
            #expect(item["description"].isNull)
            #expect(item["itinerary"].isNull)
            #expect(item["gearList"].isNull)
            let noImage = try await emulator.get(Paths.adventureBySlug + ";slug=snowboard-first-turns;").json()["data"][
                "adventureList"]["items"][0]
            #expect(noImage["primaryImage"].isNull)
        }
    }

    @Test func unknownSlugGivesEmptyItemsAndReferences() async throws {
        try await withEmulator { emulator in
            let response = try await emulator.get(Paths.adventureBySlug + ";slug=no-such-trip;")
            #expect(response.status == 200)
            #expect(response.text == #"{"data":{"adventureList":{"items":[],"_references":[]}}}"#)
        }
    }

    @Test func unknownPersistedQueryIs404WithAEMsPersistenceError() async throws {
        try await withEmulator { emulator in
            for (target, configuration, name) in [
                ("/graphql/execute.json/wknd-shared/adventures-none;limit=1;", "wknd-shared", "adventures-none"),
                ("/graphql/execute.json/other/adventures-all", "other", "adventures-all"),
            ] {
                let response = try await emulator.get(target)
                #expect(response.status == 404)
                #expect(response.header("Content-Type") == "application/json")
                #expect(
                    response.text
                        == #"{"errors":[{"errorType":"PersistenceError","message":"Could not find Persisted Query","details":"Configuration: '\#(configuration)' and Query Name: '\#(name)' does not resolve to an existing Persistent Query"}]}"#
                )
            }
        }
    }

    @Test func configurationWithoutAnEndpointAnswersAEMsServletError() async throws {
        try await withEmulator(EmulatorOptions(allowsAdHocQueries: true)) { emulator in
            let servletError =
                #"{"errors":[{"errorType":"ServletError","message":"Internal Servlet Failure","details":"No suitable endpoint found."}]}"#
            let schema = try await emulator.get("/content/cq:graphql/none/endpoint.GQLschema")
            let adHoc = try await HTTPTestClient.send(
                emulator.url("/content/_cq_graphql/none/endpoint.json"), method: .POST,
                body: #"{"query": "{ adventureList { items { slug } } }"}"#)
            for response in [schema, adHoc] {
                #expect(response.status == 404)
                #expect(response.header("Content-Type") == "application/json")
                #expect(response.text == servletError)
            }
        }
    }

    @Test func syntaxErrorsAreClassifiedAsInvalidSyntax() async throws {
        try await withEmulator(EmulatorOptions(allowsAdHocQueries: true)) { emulator in
            let body = #"{"query": "{\n  \"data\": adventureList { items { slug } } }"}"#
            let response = try await HTTPTestClient.send(
                emulator.url("/content/_cq_graphql/wknd-shared/endpoint.json"), method: .POST, body: body)
            let error = try response.json()["errors"][0]
            #expect(error["message"].string == "Invalid Syntax : offending token '\"data\"' at line 2 column 3")
            #expect(error["extensions"]["classification"].string == "InvalidSyntax")
            #expect(error["locations"][0]["line"].int == 2)
        }
    }

    @Test func otherMethodsAreRejected() async throws {
        try await withEmulator { emulator in
            let response = try await HTTPTestClient.get(emulator.url(Paths.adventuresAll), method: .POST)
            #expect(response.status == 405)
            #expect(response.header("Allow") == "GET, HEAD")
        }
    }
}
