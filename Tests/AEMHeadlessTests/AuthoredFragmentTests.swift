import AEMHeadless
import AEMHeadlessAuthoring
import Foundation
import Testing

/// Reading the Sites API's fragment and model bodies: every member the client models, leniently, with the entity tag
/// from the `ETag` header of a single read or the `etag` member of a list item.
@Suite("Sites API: authored fragments and models as AEM sends them")
struct AuthoredFragmentTests {
    typealias Fixtures = SitesFixtures

    @Test("a fragment read by id: its members, its fields by name, its stamps, and the tag from ETag")
    func readsAFragment() async throws {
        let transport = ScriptedTransport([Fixtures.fragmentAnswer()])
        let fragment = try await Fixtures.client(transport).send(.fragment(id: Fixtures.fragmentID))

        #expect(fragment.id == Fixtures.fragmentID)
        #expect(fragment.path == Fixtures.fragmentPath)
        #expect(fragment.name == "lemon-tart")
        #expect(fragment.title == "Lemon Tart")
        #expect(fragment.description == "A sharp, short-crust tart.")
        #expect(fragment.model.id == Fixtures.modelID)
        #expect(fragment.model.path == "/conf/test-kitchen/settings/dam/cfm/models/recipe")
        #expect(fragment.model.name == "recipe")
        #expect(fragment.model.title == "Recipe")
        #expect(fragment.status == .modified)
        #expect(fragment.status?.isLive == true)
        #expect(fragment.created?.by == "chef")
        #expect(fragment.created?.fullName == "Head Chef")
        #expect(fragment.created?.date == Date(timeIntervalSince1970: 1_706_776_200))
        #expect(fragment.modified?.at == "2024-03-05T18:00:00.250+01:00")
        #expect(fragment.published?.date == Date(timeIntervalSince1970: 1_706_868_000))
        #expect(fragment.fields.map(\.name) == ["headline", "servings", "ingredients", "method", "chef"])
        #expect(fragment.field(named: "ingredients")?.strings == ["lemons", "butter", "flour"])
        #expect(fragment.field(named: "ingredients")?.multiple == true)
        #expect(fragment.field(named: "servings")?.values == [8])
        #expect(fragment.field(named: "method")?.mimeType == "text/html")
        #expect(fragment.field(named: "method")?.json["locked"] == false)
        #expect(fragment.field(named: "chef")?.values == [])
        #expect(fragment.field(named: "missing") == nil)
        #expect(fragment.variationNames == ["summer"])
        #expect(fragment.tagIDs == ["test-kitchen:course/dessert", "test-kitchen:season/spring"])
        #expect(fragment.etag?.rawValue == Fixtures.etag)
        #expect(fragment.json["validationStatus"]?[0]?["field"] == "servings")

        let request = try #require(transport.requests.first)
        #expect(request.method == "GET")
        #expect(request.target == "/adobe/sites/cf/fragments/\(Fixtures.fragmentID)?references=none")
        #expect(request.headers["Authorization"] == "Bearer \(Fixtures.token)")
        #expect(request.headers["Cache-Control"] == "no-cache")
    }

    @Test("a sparse body reads with defaults, and a status AEM adds later survives")
    func readsLeniently() throws {
        let fragment = try AuthoredFragment(
            UntypedJSON(
                parsing: """
                    {"id": "f1", "path": "/content/dam/site/a", "status": "ARCHIVED", "model": "L2NvbmYvYS9i",
                     "fields": [{"name": "one", "values": "single"}, {"values": []}, 7], "etag": "abc"}
                    """))
        #expect(fragment.title == "")
        #expect(fragment.status == FragmentStatus(rawValue: "ARCHIVED"))
        #expect(fragment.status?.isLive == false)
        #expect(fragment.model.path == "/conf/a/b")
        #expect(fragment.model.name == "b")
        #expect(fragment.created == nil)
        #expect(fragment.fields.map(\.name) == ["one"])
        #expect(fragment.field(named: "one")?.values == ["single"])
        #expect(fragment.etag?.headerValue == "\"abc\"")
        #expect(fragment.etag == EntityTag("\"abc\""))
    }

    @Test("a body without an id is a decoding failure that names the member")
    func aMissingIDFails() async throws {
        let transport = ScriptedTransport([
            .json(#"{"path": "/content/dam/site/a", "title": "No id"}"#, headers: ["ETag": Fixtures.etag])
        ])
        let error = await #expect(throws: AemError.self) {
            try await Fixtures.client(transport).send(.fragment(id: "f1"))
        }
        #expect(error?.kind == .decodingFailed)
        #expect(error?.message.contains("id") == true)
    }

    @Test("a fragment by path: the one list item at that path, nil for an empty list or another item")
    func readsByPath() async throws {
        let item = Fixtures.fragmentBody.replacingOccurrences(
            of: "\"status\": \"MODIFIED\",", with: "\"status\": \"MODIFIED\", \"etag\": \"\\\"from-item\\\"\",")
        let transport = ScriptedTransport([
            .json(#"{"items": [\#(item)]}"#), .json(#"{"items": []}"#),
            .json(#"{"items": [{"id": "other", "path": "/content/dam/test-kitchen/en/recipes/other"}]}"#),
        ])
        let aem = try Fixtures.client(transport)
        let found = try await aem.send(.fragment(path: Fixtures.fragmentPath))
        #expect(found?.id == Fixtures.fragmentID)
        #expect(found?.etag?.rawValue == "\"from-item\"")
        #expect(try await aem.send(.fragment(path: "/content/dam/test-kitchen/en/recipes/none")) == nil)
        #expect(try await aem.send(.fragment(path: Fixtures.fragmentPath)) == nil)
        #expect(
            transport.requests.first?.target
                == "/adobe/sites/cf/fragments?path=%2Fcontent%2Fdam%2Ftest-kitchen%2Fen%2Frecipes%2Flemon-tart&limit=1&references=none"
        )
    }

    @Test("a model: its fields with their rules and options, the tag from ETag, and its id made from its path")
    func readsAModel() async throws {
        let body = """
            {"id": "\(Fixtures.modelID)", "path": "/conf/test-kitchen/settings/dam/cfm/models/recipe",
             "name": "recipe", "title": "Recipe", "status": "enabled", "locked": false, "previewStatus": "IN_SYNC",
             "fields": [
               {"type": "text", "name": "headline", "label": "Headline", "required": true, "multiple": false,
                "maxLength": 120, "validationType": "custom", "customValidationRegex": "^[A-Z].*",
                "customErrorMessage": "Start with a capital."},
               {"type": "number", "name": "servings", "label": "Servings", "required": false, "multiple": false,
                "min": 1, "max": 24},
               {"type": "enumeration", "name": "course", "label": "Course", "required": false, "multiple": true,
                "hint": "select", "values": [{"key": "Dessert", "value": "dessert"}, "starter"]}
             ]}
            """
        let transport = ScriptedTransport([.json(body, headers: ["ETag": Fixtures.etag])])
        let model = try await Fixtures.client(transport).send(
            .model(path: "/conf/test-kitchen/settings/dam/cfm/models/recipe"))
        #expect(transport.requests.first?.target == "/adobe/sites/cf/models/\(Fixtures.modelID)")
        #expect(Fixtures.modelID == "L2NvbmYvdGVzdC1raXRjaGVuL3NldHRpbmdzL2RhbS9jZm0vbW9kZWxzL3JlY2lwZQ")
        #expect(model.name == "recipe")
        #expect(model.status == "enabled")
        #expect(model.etag?.rawValue == Fixtures.etag)
        let headline = try #require(model.field(named: "headline"))
        #expect(headline.required && headline.maxLength == 120 && headline.customValidationRegex == "^[A-Z].*")
        #expect(model.field(named: "servings")?.min == 1)
        #expect(model.field(named: "servings")?.max == 24)
        #expect(
            model.field(named: "course")?.options
                == [.init(key: "Dessert", value: "dessert"), .init(key: "starter", value: "starter")])
        #expect(model.json["previewStatus"] == "IN_SYNC")
    }

    @Test("requests that cannot be sent as asked fail before anything is sent")
    func checksRequests() throws {
        let invalid: [() throws -> Void] = [
            { _ = try SitesRequest.fragment(id: " ") },
            { _ = try SitesRequest.fragment(path: "/content/site/a") },
            { _ = try SitesRequest.fragmentPage(under: "/content/dam/site/", pageSize: 10) },
            { _ = try SitesRequest.fragmentPage(pageSize: 51) },
            { _ = try SitesRequest.modelPage(pageSize: 0) },
            { _ = try SitesRequest.model(id: "not/an/id") },
            { _ = try SitesRequest.publish(paths: []) },
            { _ = try SitesRequest.unpublish(paths: ["/etc/somewhere"]) },
        ]
        for make in invalid {
            let error = #expect(throws: AemError.self) { try make() }
            #expect(error?.kind == .invalidRequest, "\(error?.message ?? "")")
        }
    }
}
