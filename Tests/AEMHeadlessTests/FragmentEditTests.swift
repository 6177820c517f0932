import AEMHeadless
import AEMHeadlessAuthoring
import Foundation
import Testing

/// `FragmentEdit` and the other fragment writes: fields named, never numbered; the exact JSON Patch and `If-Match`
/// sent; what fails before anything is sent; and a write answered without the fragment read again.
@Suite("Sites API: edits by field name, sent as JSON Patch under the tag read")
struct FragmentEditTests {
    typealias Fixtures = SitesFixtures

    @Test("an edit by name is a JSON Patch at the field's position in the body read, with its If-Match")
    func patchAddressesTheFieldReadByName() async throws {
        let transport = ScriptedTransport([
            Fixtures.fragmentAnswer(Fixtures.changedFragmentBody, etag: Fixtures.newerEtag)
        ])
        var edit = FragmentEdit(try Fixtures.fragment())
        edit.title = "Lemon Tart, Revised"
        try edit.setValues(["lemons", "butter", "flour", "sugar"], forField: "ingredients")
        try edit.setValue(6, forField: "servings")
        try edit.setValue(nil, forField: "headline")
        #expect(edit.changedFields == ["ingredients", "servings", "headline"])

        let saved = try await Fixtures.client(transport).send(.patch(edit))

        let request = try #require(transport.requests.first)
        #expect(transport.requests.count == 1)
        #expect(request.method == "PATCH")
        #expect(request.target == "/adobe/sites/cf/fragments/\(Fixtures.fragmentID)")
        #expect(request.headers["If-Match"] == Fixtures.etag)
        #expect(request.headers["Content-Type"] == "application/json-patch+json")
        let expected = try UntypedJSON(
            parsing: """
                [{"op": "replace", "path": "/title", "value": "Lemon Tart, Revised"},
                 {"op": "replace", "path": "/fields/2/values", "value": ["lemons", "butter", "flour", "sugar"]},
                 {"op": "replace", "path": "/fields/1/values", "value": [6]},
                 {"op": "replace", "path": "/fields/0/values", "value": []}]
                """)
        #expect(request.jsonBody == expected)
        #expect(saved.title == "Lemon Tart, Revised")
        #expect(saved.etag?.rawValue == Fixtures.newerEtag)
    }

    @Test("a member the body read lacks is added, not replaced")
    func aMissingMemberIsAdded() throws {
        let fragment = try AuthoredFragment(
            UntypedJSON(
                parsing: #"{"id": "f1", "path": "/content/dam/site/a", "fields": [{"name": "note", "type": "text"}]}"#),
            etag: EntityTag("\"t1\""))
        var edit = FragmentEdit(fragment)
        edit.description = "Now described"
        try edit.setValues(["hello"], forField: "note")
        #expect(
            edit.patch
                == [
                    ["op": "add", "path": "/description", "value": "Now described"],
                    ["op": "add", "path": "/fields/0/values", "value": ["hello"]],
                ])
    }

    @Test("a field the fragment lacks fails at once, naming the fields it has, and nothing is sent")
    func anUnknownFieldFailsBeforeSending() throws {
        var edit = FragmentEdit(try Fixtures.fragment())
        let error = #expect(throws: AemError.self) { try edit.setValues(["x"], forField: "ingredient") }
        #expect(error?.kind == .invalidRequest)
        #expect(error?.message.contains("no field named ingredient") == true)
        #expect(error?.message.contains("headline, servings, ingredients, method, chef") == true)
        #expect(edit.isEmpty)

        var whole = try Fixtures.fragment()
        #expect(throws: AemError.self) { try whole.setValues(["x"], forField: "ingredient") }
    }

    @Test("an edit that changes nothing is empty, and its patch is refused before anything is sent")
    func anEmptyEditIsNotSent() throws {
        var edit = FragmentEdit(try Fixtures.fragment())
        #expect(edit.isEmpty)
        edit.title = "Lemon Tart"
        try edit.setValues(["lemons", "butter", "flour"], forField: "ingredients")
        #expect(edit.isEmpty)
        #expect(edit.changedFields.isEmpty)
        let error = #expect(throws: AemError.self) { try SitesRequest.patch(edit) }
        #expect(error?.kind == .invalidRequest)
        try edit.setValues(["limes"], forField: "ingredients")
        #expect(!edit.isEmpty)
    }

    @Test("a fragment read without a tag cannot be changed: the write is refused before anything is sent")
    func aFragmentWithoutATagIsNotWritten() throws {
        let untagged = try AuthoredFragment(UntypedJSON(parsing: Fixtures.fragmentBody))
        #expect(untagged.etag == nil)
        var edit = FragmentEdit(untagged)
        try edit.setValues(["limes"], forField: "ingredients")
        for make in [{ try SitesRequest.patch(edit) as Any }, { try SitesRequest.delete(untagged) as Any }] {
            let error = #expect(throws: AemError.self) { _ = try make() }
            #expect(error?.kind == .invalidRequest)
            #expect(error?.message.contains("Read it again") == true)
        }
    }

    @Test("after a 412 the edit is rebased onto the fresh copy: positions and tag come from it")
    func rebasedEditUsesTheFreshBody() throws {
        var edit = FragmentEdit(try Fixtures.fragment())
        try edit.setValues(["limes"], forField: "ingredients")
        let moved = Fixtures.fragmentBody.replacingOccurrences(
            of: #"{ "type": "text", "name": "headline", "multiple": false, "values": ["Lemon Tart"] },"#, with: "")
        let fresh = try AuthoredFragment(UntypedJSON(parsing: moved), etag: EntityTag(Fixtures.newerEtag))
        let rebased = try edit.rebased(onto: fresh)
        #expect(rebased.patch == [["op": "replace", "path": "/fields/1/values", "value": ["limes"]]])
        #expect(try SitesRequest.patch(rebased).headers["If-Match"] == Fixtures.newerEtag)
    }

    @Test("a PATCH answered 204 reads the fragment again, until its tag is no longer the one sent")
    func aBodilessAnswerIsReadAgain() async throws {
        let transport = ScriptedTransport([
            .empty(204, headers: ["ETag": Fixtures.newerEtag]),
            Fixtures.fragmentAnswer(), // author has not shown the change yet
            Fixtures.fragmentAnswer(Fixtures.changedFragmentBody, etag: Fixtures.newerEtag),
        ])
        var edit = FragmentEdit(try Fixtures.fragment())
        edit.title = "Lemon Tart, Revised"
        let saved = try await Fixtures.client(transport).send(.patch(edit))
        #expect(transport.requests.map(\.method) == ["PATCH", "GET", "GET"])
        #expect(transport.requests.last?.target.hasPrefix("/adobe/sites/cf/fragments/\(Fixtures.fragmentID)") == true)
        #expect(saved.title == "Lemon Tart, Revised")
        #expect(saved.etag?.rawValue == Fixtures.newerEtag)
    }

    @Test("a replace is a PUT of title, description and every field, with If-Match")
    func replaceSendsTheWholeFragment() async throws {
        let transport = ScriptedTransport([
            Fixtures.fragmentAnswer(Fixtures.changedFragmentBody, etag: Fixtures.newerEtag)
        ])
        var fragment = try Fixtures.fragment()
        fragment.title = "Lemon Tart, Revised"
        try fragment.setValues([10], forField: "servings")
        _ = try await Fixtures.client(transport).send(.replace(fragment))
        let request = try #require(transport.requests.first)
        #expect(request.method == "PUT")
        #expect(request.headers["If-Match"] == Fixtures.etag)
        #expect(request.headers["Content-Type"] == "application/json")
        let body = try #require(request.jsonBody)
        #expect(body.members?.map(\.key) == ["title", "description", "fields"])
        #expect(body["title"] == "Lemon Tart, Revised")
        #expect(body["fields"]?.arrayValue?.count == 5)
        #expect(
            body["fields"]?[1]
                == ["name": "servings", "type": "number", "multiple": false, "values": [10]])
        #expect(body["fields"]?[3]?["mimeType"] == "text/html")
    }

    @Test("a create sends the new fragment's body, its field names checked against the model first")
    func createChecksNamesAgainstTheModel() async throws {
        let model = try FragmentModel(
            UntypedJSON(
                parsing: """
                    {"id": "\(Fixtures.modelID)", "fields": [
                      {"type": "text", "name": "headline", "multiple": false},
                      {"type": "text", "name": "ingredients", "multiple": true}]}
                    """))
        var new = NewFragment(
            title: "Lime Pie", name: "lime-pie", model: model, parentPath: "/content/dam/test-kitchen/en/recipes")
        try new.setValues(["limes", "cream"], forField: "ingredients")
        let error = #expect(throws: AemError.self) { try new.setValues(["x"], forField: "servings") }
        #expect(error?.kind == .invalidRequest)

        let made = Fixtures.fragmentBody.replacingOccurrences(of: "lemon-tart", with: "lime-pie")
        let transport = ScriptedTransport([Fixtures.fragmentAnswer(made, status: 201)])
        let created = try await Fixtures.client(transport).send(.create(new))
        let request = try #require(transport.requests.first)
        #expect(request.method == "POST")
        #expect(request.target == "/adobe/sites/cf/fragments")
        #expect(request.headers["If-Match"] == nil)
        let expected = try UntypedJSON(
            parsing: """
                {"title": "Lime Pie", "name": "lime-pie", "modelId": "\(Fixtures.modelID)",
                 "parentPath": "/content/dam/test-kitchen/en/recipes",
                 "fields": [{"name": "ingredients", "type": "text", "multiple": true, "values": ["limes", "cream"]}]}
                """)
        #expect(request.jsonBody == expected)
        #expect(created.path == "/content/dam/test-kitchen/en/recipes/lime-pie")
        #expect(created.etag?.rawValue == Fixtures.etag)
    }

    @Test("a create answered 201 with only a Location reads the new fragment by that id")
    func createFollowsTheLocation() async throws {
        let transport = ScriptedTransport([
            .empty(201, headers: ["Location": "/adobe/sites/cf/fragments/\(Fixtures.fragmentID)"]),
            .problem(404, title: "Not Found", detail: "Not there yet."),
            Fixtures.fragmentAnswer(),
        ])
        let new = NewFragment(title: "Lemon Tart", modelID: Fixtures.modelID, parentPath: "/content/dam/test-kitchen")
        let created = try await Fixtures.client(transport).send(.create(new))
        #expect(transport.requests.map(\.method) == ["POST", "GET", "GET"])
        #expect(created.id == Fixtures.fragmentID)
    }

    @Test("a delete and a delete-and-unpublish carry the fragment's tag")
    func deletesCarryTheTag() async throws {
        let transport = ScriptedTransport([.empty(204), .empty(202)])
        let aem = try Fixtures.client(transport)
        let fragment = try Fixtures.fragment()
        try await aem.send(.delete(fragment))
        try await aem.send(.deleteAndUnpublish(fragment))
        #expect(transport.requests.map(\.method) == ["DELETE", "DELETE"])
        #expect(
            transport.requests.map(\.target) == [
                "/adobe/sites/cf/fragments/\(Fixtures.fragmentID)",
                "/adobe/sites/cf/fragments/\(Fixtures.fragmentID)/deleteAndUnpublish",
            ])
        #expect(transport.requests.allSatisfy { $0.headers["If-Match"] == Fixtures.etag })
    }
}
