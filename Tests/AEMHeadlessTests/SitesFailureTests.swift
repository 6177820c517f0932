import AEMHeadless
import AEMHeadlessAuthoring
import Foundation
import Testing

/// What the Sites API's refusals become: typed `AemError`s whose message holds AEM's own `detail` and says what to do,
/// with no secret in them.
@Suite("Sites API: refusals as typed errors with AEM's Problem Details")
struct SitesFailureTests {
    typealias Fixtures = SitesFixtures

    private func failure(of request: SitesRequest<some Sendable>, answering step: ScriptedTransport.Step) async throws
        -> AemError?
    {
        let transport = ScriptedTransport([step])
        let error = await #expect(throws: AemError.self) { try await Fixtures.client(transport).send(request) }
        #expect(transport.requests.count == 1)
        #expect(error?.message.contains(Fixtures.token) == false)
        #expect(error?.message.contains("\n") == false)
        return error
    }

    private func edit() throws -> FragmentEdit {
        var edit = FragmentEdit(try Fixtures.fragment())
        try edit.setValues(["limes"], forField: "ingredients")
        return edit
    }

    @Test("412: the fragment changed since it was read; read it again and apply the change to the fresh copy")
    func preconditionFailed() async throws {
        let error = try await failure(
            of: .patch(edit()),
            answering: .problem(412, title: "Precondition Failed", detail: "The fragment was modified by someone else.")
        )
        #expect(error?.kind == .preconditionFailed)
        #expect(error?.status == 412)
        #expect(error?.message.contains("The fragment was modified by someone else.") == true)
        #expect(error?.message.contains("read it again and apply the change to the fresh copy") == true)
        #expect(error?.message.contains(Fixtures.fragmentPath) == true)
        #expect(error?.problemDetails?.detail == "The fragment was modified by someone else.")
    }

    @Test("428: the write needs the tag of the copy it is based on")
    func preconditionRequired() async throws {
        let error = try await failure(
            of: .replace(Fixtures.fragment()),
            answering: .problem(428, title: "Precondition Required", detail: "If-Match header is required."))
        #expect(error?.kind == .preconditionRequired)
        #expect(error?.message.contains("If-Match header is required.") == true)
    }

    @Test("409 on a delete: a published fragment must be unpublished first")
    func conflictOnDelete() async throws {
        let error = try await failure(
            of: .delete(Fixtures.fragment()),
            answering: .problem(409, title: "Conflict", detail: "Fragment is published."))
        #expect(error?.kind == .conflict)
        #expect(error?.message.contains("Fragment is published.") == true)
        #expect(error?.message.contains("Unpublish it first") == true)
        #expect(error?.message.contains("deleteAndUnpublish") == true)
    }

    @Test("400: AEM's detail is the reason")
    func badRequestSaysAEMsDetail() async throws {
        let new = NewFragment(title: "Pie", modelID: Fixtures.modelID, parentPath: "/content/dam/test-kitchen")
        let error = try await failure(
            of: .create(new),
            answering: .problem(400, title: "Bad Request", detail: "Field 'servings' does not exist in the model."))
        #expect(error?.kind == .httpStatus)
        #expect(error?.status == 400)
        #expect(error?.message.contains("Field 'servings' does not exist in the model.") == true)
    }

    @Test("404 of a fragment is notFound; 404 of a list says the host does not serve the Sites API")
    func notFoundAndMissingAPI() async throws {
        let missing = try await failure(
            of: .fragment(id: "gone"), answering: .problem(404, title: "Not Found", detail: "No such fragment."))
        #expect(missing?.kind == .notFound)
        let noAPI = try await failure(
            of: .fragmentPage(under: "/content/dam/test-kitchen"),
            answering: .answer(status: 404, headers: ["Content-Type": "text/html"], body: "<html>Not found</html>"))
        #expect(noAPI?.kind == .httpStatus)
        #expect(noAPI?.message.contains("author") == true)
    }

    @Test("429 asking for a wait longer than the policy allows fails at once, saying when to try again")
    func rateLimitedBeyondThePolicy() async throws {
        let asked = try await failure(
            of: .publish(paths: [Fixtures.fragmentPath]),
            answering: .problem(429, title: "Too Many Requests", detail: "Slow down.", headers: ["Retry-After": "60"]))
        #expect(asked?.kind == .rateLimited)
        #expect(asked?.message.contains("try again in 60 s") == true)
        #expect(asked?.message.contains("Slow down.") == true)

        let unsaid = try await failure(
            of: .fragment(id: Fixtures.fragmentID),
            answering: .problem(429, title: "Too Many Requests", detail: "Busy."))
        #expect(unsaid?.kind == .rateLimited)
        #expect(unsaid?.message.contains("try again in 65 s") == true)
    }

    @Test("an HTML page or a body that is not JSON, answered with success, is named as such")
    func unusableSuccesses() async throws {
        let page = try await failure(
            of: .fragment(id: Fixtures.fragmentID),
            answering: .answer(
                status: 200, headers: ["Content-Type": "text/html"], body: "<html><title>Sign in</title>"))
        #expect(page?.kind == .htmlResponse)
        let broken = try await failure(of: .fragment(id: Fixtures.fragmentID), answering: .json(#"{"id": "#))
        #expect(broken?.kind == .invalidResponse)
        let empty = try await failure(of: .fragment(id: Fixtures.fragmentID), answering: .empty(200))
        #expect(empty?.kind == .emptyResponse)
    }
}
