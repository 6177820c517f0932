import AEMHeadless
import AEMHeadlessAuthoring
import Foundation
import Testing

/// Publishing, versions, tags and paging through the Sites API.
@Suite("Sites API: publishing, versions, tags and pages")
struct SitesWorkflowTests {
    typealias Fixtures = SitesFixtures

    @Test("publish sends the paths and workflow, and reads what AEM did with each path")
    func publishOutcomePerPath() async throws {
        let other = "/content/dam/test-kitchen/en/recipes/missing"
        let answer = """
            {"workflowInstanceId": "/var/workflow/instances/server0/2024-03-05/publish_1",
             "items": [{"path": "\(Fixtures.fragmentPath)", "status": "SUCCESS_TRIGGERED", "id": "\(Fixtures.fragmentID)"},
                       {"path": "\(other)", "status": "ERROR_NOT_FOUND"},
                       {"path": "/content/dam/test-kitchen/en/recipes/odd", "status": "ERROR_SOMETHING_NEW"}]}
            """
        let transport = ScriptedTransport([.json(answer)])
        let outcome = try await Fixtures.client(transport).send(
            .publish(paths: [Fixtures.fragmentPath, other], filterReferencesByStatus: [.draft, .modified]))

        let request = try #require(transport.requests.first)
        #expect(request.method == "POST")
        #expect(request.target == "/adobe/sites/cf/fragments/publish")
        #expect(request.headers["If-Match"] == nil)
        let expected = try UntypedJSON(
            parsing: """
                {"paths": ["\(Fixtures.fragmentPath)", "\(other)"],
                 "workflowModelId": "/var/workflow/models/scheduled_activation_with_references",
                 "filterReferencesByStatus": ["DRAFT", "MODIFIED"]}
                """)
        #expect(request.jsonBody == expected)
        #expect(outcome.workflowInstanceID == "/var/workflow/instances/server0/2024-03-05/publish_1")
        #expect(outcome.status(ofPath: Fixtures.fragmentPath) == .triggered)
        #expect(outcome.items.first?.id == Fixtures.fragmentID)
        #expect(outcome.status(ofPath: other) == .notFound)
        #expect(outcome.failures.map(\.status.rawValue) == ["ERROR_NOT_FOUND", "ERROR_SOMETHING_NEW"])
    }

    @Test("unpublish names the deactivation workflow and no reference filter")
    func unpublishBody() throws {
        let request = try SitesRequest.unpublish(paths: [Fixtures.fragmentPath])
        let body = try UntypedJSON(parsing: try #require(request.body))
        #expect(
            body
                == [
                    "paths": [.string(Fixtures.fragmentPath)],
                    "workflowModelId": "/var/workflow/models/scheduled_deactivation",
                ])
    }

    @Test("publishing to preview, or unpublishing from it, names the preview agent; publish sends none")
    func previewDestination() throws {
        let toPreview = try SitesRequest.publish(paths: [Fixtures.fragmentPath], to: .preview)
        #expect(
            try UntypedJSON(parsing: try #require(toPreview.body))
                == [
                    "paths": [.string(Fixtures.fragmentPath)],
                    "workflowModelId": "/var/workflow/models/scheduled_activation_with_references",
                    "agentId": "preview",
                ])
        let fromPreview = try SitesRequest.unpublish(paths: [Fixtures.fragmentPath], from: .preview)
        #expect(try UntypedJSON(parsing: try #require(fromPreview.body))["agentId"] == "preview")
        let toPublish = try SitesRequest.publish(paths: [Fixtures.fragmentPath], to: .publish)
        #expect(try UntypedJSON(parsing: try #require(toPublish.body))["agentId"] == nil)
    }

    @Test("a new version's id is the last part of Location, else the body's id")
    func versionIDFromLocation() async throws {
        let transport = ScriptedTransport([
            .empty(201, headers: ["Location": "/adobe/sites/cf/fragments/\(Fixtures.fragmentID)/versions/v%2042"]),
            .json(
                #"{"id": "v43", "title": "1.1", "label": "before launch", "created": "2024-03-06T10:00:00Z"}"#,
                status: 201),
        ])
        let aem = try Fixtures.client(transport)
        let first = try await aem.send(.createVersion(of: Fixtures.fragmentID, label: "before launch", comment: "ok"))
        #expect(first.id == "v 42")
        let second = try await aem.send(.createVersion(of: Fixtures.fragmentID))
        #expect(second.id == "v43")
        #expect(second.title == "1.1")
        #expect(second.created == "2024-03-06T10:00:00Z")
        #expect(transport.requests.first?.target == "/adobe/sites/cf/fragments/\(Fixtures.fragmentID)/versions")
        #expect(transport.requests.first?.jsonBody == ["label": "before launch", "comment": "ok"])
    }

    @Test("a restore posts to the version's restore path and returns the fragment")
    func restoreReturnsTheFragment() async throws {
        let transport = ScriptedTransport([Fixtures.fragmentAnswer(etag: Fixtures.newerEtag)])
        let restored = try await Fixtures.client(transport).send(.restore(version: "v42", of: Fixtures.fragmentID))
        #expect(transport.requests.first?.method == "POST")
        #expect(
            transport.requests.first?.target == "/adobe/sites/cf/fragments/\(Fixtures.fragmentID)/versions/restore/v42")
        #expect(restored.etag?.rawValue == Fixtures.newerEtag)
    }

    @Test("the tags are replaced with the tag list's own entity tag, never the fragment's")
    func tagsUseTheirOwnTag() async throws {
        let listTag = #""7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a""#
        let transport = ScriptedTransport([
            .json(
                #"{"items": [{"id": "test-kitchen:course/dessert", "title": "Dessert", "path": "/content/cq:tags/test-kitchen/course/dessert"}]}"#,
                headers: ["ETag": listTag]),
            .empty(204),
            .json(#"{"items": [{"id": "test-kitchen:season/summer"}]}"#, headers: ["ETag": #""8b8b""#]),
        ])
        let aem = try Fixtures.client(transport)
        let list = try await aem.send(.tags(of: Fixtures.fragmentID))
        #expect(list.ids == ["test-kitchen:course/dessert"])
        #expect(list.items.first?.path == "/content/cq:tags/test-kitchen/course/dessert")
        let written = try await aem.send(.replaceTags(["test-kitchen:season/summer"], of: list))
        let put = transport.requests[1]
        #expect(put.method == "PUT")
        #expect(put.target == "/adobe/sites/cf/fragments/\(Fixtures.fragmentID)/tags")
        #expect(put.headers["If-Match"] == listTag)
        #expect(put.jsonBody == ["tags": ["test-kitchen:season/summer"]])
        #expect(written.ids == ["test-kitchen:season/summer"])
        #expect(written.etag?.rawValue == #""8b8b""#)
    }

    @Test("the pager follows each cursor and stops at the page without one")
    func pagerStopsAtTheLastPage() async throws {
        func item(_ name: String) -> String {
            #"{"id": "\#(name)", "path": "/content/dam/test-kitchen/en/\#(name)", "etag": "\"tag-\#(name)\""}"#
        }
        let transport = ScriptedTransport([
            .json(#"{"items": [\#(item("a")), \#(item("b"))], "cursor": "c/1+"}"#),
            .json(#"{"items": [\#(item("c"))], "cursor": "c2"}"#),
            .json(#"{"items": [\#(item("d"))]}"#),
        ])
        let aem = try Fixtures.client(transport)
        var names: [String] = []
        for try await fragment in try aem.authoredFragments(under: "/content/dam/test-kitchen", pageSize: 2).items {
            names.append(fragment.name)
            #expect(fragment.etag?.rawValue == "\"tag-\(fragment.name)\"")
        }
        #expect(names == ["a", "b", "c", "d"])
        #expect(
            transport.requests.map(\.target) == [
                "/adobe/sites/cf/fragments?path=%2Fcontent%2Fdam%2Ftest-kitchen&limit=2",
                "/adobe/sites/cf/fragments?path=%2Fcontent%2Fdam%2Ftest-kitchen&limit=2&cursor=c%2F1%2B",
                "/adobe/sites/cf/fragments?path=%2Fcontent%2Fdam%2Ftest-kitchen&limit=2&cursor=c2",
            ])
        #expect(transport.stepsLeft == 0)
    }

    @Test("a cursor sent twice ends the paging instead of looping")
    func aRepeatedCursorEndsThePaging() async throws {
        let page = #"{"items": [{"id": "m", "path": "/conf/x"}], "cursor": "same"}"#
        let transport = ScriptedTransport([.json(page), .json(page)])
        var pages = 0
        for try await _ in try Fixtures.client(transport).fragmentModels() { pages += 1 }
        #expect(pages == 2)
        #expect(transport.requests.count == 2)
    }
}
