import AEMEmulator
import EmulatorTestSupport
import Foundation
import Testing

/// The author tier: the Sites API on the author origin, fragments written under their entity tags, the publish
/// origin that serves what was last published, and the events of both.
@Suite("Author tier: the Sites API, its errors, and what publish serves")
struct AuthorTierTests {
    private static func options(publishLag: Duration = .zero) throws -> EmulatorOptions {
        EmulatorOptions(content: try EmulatorContent.sample(), live: EmulatorLiveContent(publishLag: publishLag))
    }

    private static func adventure() throws -> ContentFragment {
        try #require(try EmulatorContent.sample().adventures.first)
    }

    @Test func everyFragmentOfThePackageStartsPublishedWithOneTagOnEveryEndpoint() async throws {
        try await withEmulator(try Self.options()) { emulator in
            let sites = SitesTestClient(emulator: emulator)
            let list = try await sites.send(.GET, "/cf/fragments?path=/content/dam/wknd-shared/en/adventures&limit=50")
            #expect(list.status == 200)
            let items = try list.json()["items"].array
            #expect(items.count == (try EmulatorContent.sample().adventures.count))
            #expect(items.allSatisfy { $0["status"].string == "PUBLISHED" })
            let first = try #require(items.first)
            let id = try #require(first["id"].string)
            let (fragment, tag) = try await sites.fragment(id)
            #expect(first["etag"].string == tag)
            #expect(fragment["path"].string == first["path"].string)
            #expect(fragment["fields"].array.allSatisfy { $0["values"].exists && $0["name"].exists })
            #expect(fragment["published"]["at"].exists)
        }
    }

    @Test func theSitesAPIIsForSignedInClientsOnAuthorOnly() async throws {
        try await withEmulator(try Self.options()) { emulator in
            let adventure = try Self.adventure()
            var unsigned = SitesTestClient(emulator: emulator)
            unsigned.signedIn = false
            #expect(try await unsigned.send(.GET, "/cf/fragments/\(adventure.uuid)").status == 401)
            #expect(try await unsigned.patch(adventure.uuid, "[]", tag: "\"x\"").status == 401)
            let onPublish = try await emulator.get("/adobe/sites/cf/fragments/\(adventure.uuid)")
            #expect(onPublish.status == 404)
            #expect(onPublish.header("Content-Type") == "application/problem+json")
            #expect(emulator.live.journal.all.isEmpty)
        }
    }

    @Test func aWriteNeedsTheCurrentTag() async throws {
        try await withEmulator(try Self.options()) { emulator in
            let sites = SitesTestClient(emulator: emulator)
            let adventure = try Self.adventure()
            let (fragment, tag) = try await sites.fragment(adventure.uuid)
            let patch = try SitesTestClient.patch("tripLength", of: fragment, to: "\"4 days\"")

            let untagged = try await sites.patch(adventure.uuid, patch, tag: nil)
            #expect(untagged.status == 428)
            #expect(try untagged.json()["detail"].string?.contains("If-Match") == true)
            let stale = try await sites.patch(adventure.uuid, patch, tag: "\"0123456789abcdef0123456789abcdef\"")
            #expect(stale.status == 412)
            #expect(stale.header("Content-Type") == "application/problem+json")
            #expect(try stale.json()["status"].int == 412)

            let written = try await sites.patch(adventure.uuid, patch, tag: tag)
            #expect(written.status == 200)
            let newTag = try #require(written.header("ETag"))
            #expect(newTag != tag)
            #expect(try written.json()["status"].string == "MODIFIED")
            #expect(try await sites.fragment(adventure.uuid).tag == newTag)
            // The tag it was read with no longer writes.
            #expect(try await sites.patch(adventure.uuid, patch, tag: tag).status == 412)
        }
    }

    @Test func ofEightWritersWithTheSameTagExactlyOneWins() async throws {
        try await withEmulator(try Self.options()) { emulator in
            let sites = SitesTestClient(emulator: emulator)
            let adventure = try Self.adventure()
            let (fragment, tag) = try await sites.fragment(adventure.uuid)
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for writer in 0..<8 {
                    let patch = try SitesTestClient.patch("tripLength", of: fragment, to: "\"\(writer) days\"")
                    group.addTask { try await sites.patch(adventure.uuid, patch, tag: tag).status }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 200 }.count == 1)
            #expect(statuses.filter { $0 == 412 }.count == 7)
            #expect(emulator.live.journal.all.map(\.type) == ["aem.sites.contentFragment.modified"])
        }
    }

    @Test func valuesTheModelRefusesAre400sNamingTheField() async throws {
        try await withEmulator(try Self.options()) { emulator in
            let sites = SitesTestClient(emulator: emulator)
            let adventure = try Self.adventure()
            let (fragment, tag) = try await sites.fragment(adventure.uuid)
            let refused: [(field: String, value: String, says: String)] = [
                ("groupSize", "\"ten\"", "groupSize"),
                ("tripLength", "1, 2", "tripLength"),
                ("difficulty", "\"Impossible\"", "Impossible"),
                ("slug", "\"Not A Slug!\"", "A slug is 5 to 40"),
                ("primaryImage", "\"/content/dam/nothing/here.jpg\"", "/content/dam/nothing/here.jpg"),
            ]
            for (field, value, says) in refused {
                let answer = try await sites.patch(
                    adventure.uuid, try SitesTestClient.patch(field, of: fragment, to: value), tag: tag)
                #expect(answer.status == 400, "\(field) = \(value)")
                #expect(answer.header("Content-Type") == "application/problem+json")
                #expect(try answer.json()["detail"].string?.contains(says) == true, "\(answer.text)")
            }
            let empty =
                "[{\"op\":\"replace\",\"path\":\"/fields/\(try SitesTestClient.index(of: "title", in: fragment))/values\",\"value\":[]}]"
            let required = try await sites.patch(adventure.uuid, empty, tag: tag)
            #expect(required.status == 400)
            #expect(try required.json()["detail"].string?.contains("title") == true)
            // Nothing was written: the tag still writes.
            #expect(try await sites.fragment(adventure.uuid).tag == tag)
            #expect(emulator.live.journal.all.isEmpty)
        }
    }

    @Test func aPatchOfAnotherMediaTypeIs415AndNamesTheOneItTakes() async throws {
        try await withEmulator(try Self.options()) { emulator in
            let sites = SitesTestClient(emulator: emulator)
            let adventure = try Self.adventure()
            let tag = try await sites.fragment(adventure.uuid).tag
            let answer = try await sites.send(.PATCH, "/cf/fragments/\(adventure.uuid)", body: "[]", ifMatch: tag)
            #expect(answer.status == 415)
            #expect(answer.header("Accept-Patch") == "application/json-patch+json")
        }
    }

    @Test func unknownIdsAndPagesOverFiftyAreRefused() async throws {
        try await withEmulator(try Self.options()) { emulator in
            let sites = SitesTestClient(emulator: emulator)
            let missing = try await sites.send(.GET, "/cf/fragments/00000000-0000-0000-0000-000000000000")
            #expect(missing.status == 404)
            #expect(try missing.json()["title"].exists)
            #expect(try await sites.send(.GET, "/cf/fragments?limit=51").status == 400)
            #expect(try await sites.send(.GET, "/cf/models?limit=0").status == 400)
            let first = try await sites.send(.GET, "/cf/fragments?limit=2")
            let cursor = try #require(try first.json()["cursor"].string)
            let encoded = try #require(cursor.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            let second = try await sites.send(.GET, "/cf/fragments?limit=2&cursor=\(encoded)")
            #expect(second.status == 200)
            #expect(try second.json()["items"][0]["id"].string != (try first.json()["items"][0]["id"].string))
        }
    }

    @Test func publishServesTheOldValuesOfAModifiedFragmentUntilItIsPublished() async throws {
        try await withEmulator(try Self.options()) { emulator in
            let sites = SitesTestClient(emulator: emulator)
            let adventure = try Self.adventure()
            let bySlug = "\(Paths.adventureBySlug);slug=\(adventure.slug)"
            let (fragment, tag) = try await sites.fragment(adventure.uuid)
            let edited = try await sites.patch(
                adventure.uuid, try SitesTestClient.patch("tripLength", of: fragment, to: "\"11 days\""), tag: tag)
            #expect(edited.status == 200)
            #expect(try await sites.get(bySlug).text.contains("11 days"))
            #expect(!(try await emulator.get(bySlug).text.contains("11 days")))
            let delivery = "/adobe/contentFragments/\(adventure.uuid)"
            #expect(try await sites.get(delivery).text.contains("11 days"))
            #expect(!(try await emulator.get(delivery).text.contains("11 days")))

            let editedTag = try #require(edited.header("ETag"))
            let outcome = try await sites.publish([adventure.path, "/content/dam/nothing/here", "/etc/elsewhere"])
            #expect(outcome.status == 200)
            let items = try outcome.json()["items"].array
            #expect(items.map { $0["status"].string } == ["SUCCESS_TRIGGERED", "ERROR_NOT_FOUND", "ERROR_INVALID"])
            #expect(try await emulator.get(bySlug).text.contains("11 days"))
            let (published, publishedTag) = try await sites.fragment(adventure.uuid)
            #expect(published["status"].string == "PUBLISHED")
            #expect(publishedTag != editedTag)

            let events = emulator.live.journal.all
            #expect(
                events.map(\.type) == ["aem.sites.contentFragment.modified", "aem.sites.contentFragment.published"])
            let journal = try await emulator.get(EventJournal.path).text
            #expect(journal.contains("\"tier\":\"publish\""))
            #expect(journal.contains("\"id\":\"\(adventure.uuid)\""))
        }
    }

    @Test func unpublishingTakesAFragmentOffPublishAndAuthorKeepsServingIt() async throws {
        try await withEmulator(try Self.options()) { emulator in
            let sites = SitesTestClient(emulator: emulator)
            let adventure = try Self.adventure()
            let delivery = "/adobe/contentFragments/\(adventure.uuid)"
            #expect(try await sites.publish([adventure.path], unpublish: true).status == 200)
            #expect(try await emulator.get(delivery).status == 404)
            #expect(!(try await emulator.get(Paths.adventuresAll).text.contains(adventure.path)))
            #expect(try await sites.get(delivery).status == 200)
            #expect(try await sites.fragment(adventure.uuid).json["status"].string == "UNPUBLISHED")
            #expect(emulator.live.journal.all.map(\.type) == ["aem.sites.contentFragment.unpublished"])
            let journal = try await emulator.get(EventJournal.path).text
            #expect(journal.contains("workflow-process-service"))
        }
    }

    @Test func withAPublishLagPublishServesTheChangeOnlyAfterIt() async throws {
        try await withEmulator(try Self.options(publishLag: .milliseconds(400))) { emulator in
            let sites = SitesTestClient(emulator: emulator)
            let adventure = try Self.adventure()
            let delivery = "/adobe/contentFragments/\(adventure.uuid)"
            #expect(try await sites.publish([adventure.path], unpublish: true).status == 200)
            // Answered at once; publish still serves the fragment, and no event is recorded yet.
            #expect(try await emulator.get(delivery).status == 200)
            #expect(emulator.live.journal.all.isEmpty)
            var gone = false
            for _ in 0..<50 where !gone {
                try await Task.sleep(for: .milliseconds(50))
                gone = try await emulator.get(delivery).status == 404
            }
            #expect(gone)
            #expect(emulator.live.journal.all.map(\.type) == ["aem.sites.contentFragment.unpublished"])
        }
    }

    @Test func aCreatedFragmentIsOnAuthorOnlyUntilPublished() async throws {
        try await withEmulator(try Self.options()) { emulator in
            let sites = SitesTestClient(emulator: emulator)
            let adventure = try Self.adventure()
            let models = try await sites.send(.GET, "/cf/models").json()["items"].array
            let model = try #require(models.first { $0["path"].string == adventure.modelPath })
            let modelID = try #require(model["id"].string)
            #expect(try await sites.send(.GET, "/cf/models/\(modelID)").status == 200)
            let body = """
                {"title":"Fjord Kayak Week","modelId":"\(modelID)","parentPath":"/content/dam/wknd-shared/en/adventures",
                 "fields":[{"name":"title","values":["Fjord Kayak Week"]},{"name":"slug","values":["fjord-kayak-week"]},
                           {"name":"difficulty","values":["Beginner"]}]}
                """
            let created = try await sites.send(.POST, "/cf/fragments", body: body)
            #expect(created.status == 201, "\(created.text)")
            let json = try created.json()
            #expect(json["status"].string == "DRAFT")
            #expect(json["path"].string == "/content/dam/wknd-shared/en/adventures/fjord-kayak-week")
            let id = try #require(json["id"].string)
            let bySlug = "\(Paths.adventureBySlug);slug=fjord-kayak-week"
            #expect(try await sites.get(bySlug).text.contains("Fjord Kayak Week"))
            #expect(!(try await emulator.get(bySlug).text.contains("Fjord Kayak Week")))
            #expect(try await sites.send(.POST, "/cf/fragments", body: body).status == 409)

            let path = try #require(json["path"].string)
            #expect(try await sites.publish([path]).status == 200)
            #expect(try await emulator.get(bySlug).text.contains("Fjord Kayak Week"))
            #expect(try await emulator.get("/adobe/contentFragments/\(id)").status == 200)
            #expect(
                emulator.live.journal.all.map(\.type) == [
                    "aem.sites.contentFragment.created", "aem.sites.contentFragment.published",
                ])
        }
    }

    @Test func aPublishedFragmentIsDeletedOnlyWithItsUnpublish() async throws {
        try await withEmulator(try Self.options()) { emulator in
            let sites = SitesTestClient(emulator: emulator)
            let adventure = try Self.adventure()
            let tag = try await sites.fragment(adventure.uuid).tag
            let refused = try await sites.send(.DELETE, "/cf/fragments/\(adventure.uuid)", ifMatch: tag)
            #expect(refused.status == 409)
            #expect(try refused.json()["detail"].string?.contains("deleteAndUnpublish") == true)
            #expect(try await sites.send(.DELETE, "/cf/fragments/\(adventure.uuid)").status == 428)
            let deleted = try await sites.send(
                .DELETE, "/cf/fragments/\(adventure.uuid)/deleteAndUnpublish", ifMatch: tag)
            #expect(deleted.status == 202)
            #expect(try await sites.send(.GET, "/cf/fragments/\(adventure.uuid)").status == 404)
            #expect(try await emulator.get("/adobe/contentFragments/\(adventure.uuid)").status == 404)
            #expect(
                Set(emulator.live.journal.all.map(\.type)) == [
                    "aem.sites.contentFragment.unpublished", "aem.sites.contentFragment.deleted",
                ])
        }
    }

    @Test func aVersionKeepsTheValuesARestoreBringsBack() async throws {
        try await withEmulator(try Self.options()) { emulator in
            let sites = SitesTestClient(emulator: emulator)
            let adventure = try Self.adventure()
            let (fragment, tag) = try await sites.fragment(adventure.uuid)
            let before = fragment["fields"][try SitesTestClient.index(of: "tripLength", in: fragment)]
            let made = try await sites.send(
                .POST, "/cf/fragments/\(adventure.uuid)/versions", body: "{\"label\":\"before\",\"comment\":\"safe\"}")
            #expect(made.status == 201)
            let versionID = try #require(try made.json()["id"].string)
            #expect(made.header("Location")?.hasSuffix("/versions/\(versionID)") == true)
            #expect(
                try await sites.patch(
                    adventure.uuid, try SitesTestClient.patch("tripLength", of: fragment, to: "\"99 days\""), tag: tag
                ).status == 200)
            let versions = try await sites.send(.GET, "/cf/fragments/\(adventure.uuid)/versions").json()["items"].array
            #expect(versions.map { $0["label"].string } == ["before"])
            let restored = try await sites.send(
                .POST, "/cf/fragments/\(adventure.uuid)/versions/restore/\(versionID)", body: "{}")
            #expect(restored.status == 200)
            let after = try await sites.fragment(adventure.uuid).json
            #expect(
                after["fields"][try SitesTestClient.index(of: "tripLength", in: after)]["values"][0].string
                    == before["values"][0].string)
        }
    }

    @Test func aFragmentsTagsHaveATagOfTheirOwn() async throws {
        try await withEmulator(try Self.options()) { emulator in
            let sites = SitesTestClient(emulator: emulator)
            let adventure = try Self.adventure()
            let tags = try await sites.send(.GET, "/cf/fragments/\(adventure.uuid)/tags")
            let listTag = try #require(tags.header("ETag"))
            #expect(listTag != (try await sites.fragment(adventure.uuid).tag))
            let body = "{\"tags\":[\"wknd-shared:region/emulator-test\"]}"
            #expect(try await sites.send(.PUT, "/cf/fragments/\(adventure.uuid)/tags", body: body).status == 428)
            let replaced = try await sites.send(
                .PUT, "/cf/fragments/\(adventure.uuid)/tags", body: body, ifMatch: listTag)
            #expect(replaced.status == 200)
            #expect(replaced.header("ETag") != listTag)
            #expect(try replaced.json()["items"][0]["id"].string == "wknd-shared:region/emulator-test")
            #expect(
                try await sites.send(.PUT, "/cf/fragments/\(adventure.uuid)/tags", body: body, ifMatch: listTag)
                    .status == 412)
        }
    }

    @Test func modelsAreReadOnly() async throws {
        try await withEmulator(try Self.options()) { emulator in
            let sites = SitesTestClient(emulator: emulator)
            let answer = try await sites.send(.POST, "/cf/models", body: "{}")
            #expect(answer.status == 405)
            #expect(answer.header("Allow") == "GET")
        }
    }

    @Test func aPackageReloadKeepsWhatAuthorUnpublished() async throws {
        try await withEmulator(try Self.options()) { emulator in
            let sites = SitesTestClient(emulator: emulator)
            var content = try EmulatorContent.sample()
            let paths = content.adventures.map(\.path)
            content[fragment: paths[0]]?.master["title"] = .string("Deployed again")
            content[fragment: paths[1]] = nil
            let events = emulator.live.replace(with: content)
            #expect(
                events.map(\.type) == ["aem.sites.contentFragment.deleted", "aem.sites.contentFragment.modified"])
            #expect(try await emulator.get(Paths.adventuresAll).text.contains("Deployed again"))

            #expect(try await sites.publish([paths[2]], unpublish: true).status == 200)
            #expect(emulator.live.replace(with: content).isEmpty)
            let id = try #require(content[fragment: paths[2]]?.uuid)
            #expect(try await emulator.get("/adobe/contentFragments/\(id)").status == 404)
        }
    }
}
