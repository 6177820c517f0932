import AEMHeadless
import AEMHeadlessAuthoring
import Foundation
import Testing

/// Which Sites API requests are sent again: what is safe to send twice after a lost connection or a 5xx; a POST or
/// PATCH only when it is known not to have been processed; a 429 waited out as `Retry-After` asks.
@Suite("Sites API: retries only of what is safe to send twice")
struct SitesRetryTests {
    typealias Fixtures = SitesFixtures

    private func edit() throws -> FragmentEdit {
        var edit = FragmentEdit(try Fixtures.fragment())
        try edit.setValues(["limes"], forField: "ingredients")
        return edit
    }

    private func newFragment() -> NewFragment {
        NewFragment(title: "Lime Pie", modelID: Fixtures.modelID, parentPath: "/content/dam/test-kitchen")
    }

    @Test(
        "a POST or PATCH cut off after it was sent is not sent again, and says it may or may not have landed",
        arguments: [
            ScriptedTransport.Step.fail(.connectionLost), .fail(.timedOut), .brokenBody(status: 200, headers: [:]),
        ])
    func writesAreNotSentTwice(step: ScriptedTransport.Step) async throws {
        for request in [try SitesRequest.patch(edit()), try SitesRequest.create(newFragment())] {
            let transport = ScriptedTransport([step, Fixtures.fragmentAnswer()])
            let error = await #expect(throws: AemError.self) { try await Fixtures.client(transport).send(request) }
            #expect(transport.requests.count == 1, "\(request.method) was sent \(transport.requests.count) times")
            #expect(error?.kind == .network || error?.kind == .timedOut)
            #expect(error?.message.contains("may or may not") == true)
            #expect(error?.message.contains("not sent again") == true)
            let check = request.method == "PATCH" ? "Read the content fragment at" : "List /content/dam/test-kitchen"
            #expect(error?.message.contains(check) == true, "\(error?.message ?? "")")
        }
    }

    @Test("a POST whose connection could not be made sent nothing, so it is sent again")
    func aFailedConnectionIsRetried() async throws {
        let transport = ScriptedTransport([
            .fail(.connectionFailed), .json(#"{"workflowInstanceId": "w1", "items": []}"#),
        ])
        let outcome = try await Fixtures.client(transport).send(.publish(paths: [Fixtures.fragmentPath]))
        #expect(transport.requests.count == 2)
        #expect(outcome.workflowInstanceID == "w1")
    }

    @Test("a POST answered 503 is not sent again: it may have been processed")
    func aPostAnswered503IsNotRetried() async throws {
        let transport = ScriptedTransport([.problem(503, title: "Service Unavailable", detail: "Try later.")])
        let error = await #expect(throws: AemError.self) {
            try await Fixtures.client(transport).send(.create(newFragment()))
        }
        #expect(transport.requests.count == 1)
        #expect(error?.status == 503)
    }

    @Test("a PUT with If-Match is sent again after a 503 and after a lost connection, with the same tag")
    func conditionalWritesAreRetried() async throws {
        let transport = ScriptedTransport([
            .problem(503, title: "Service Unavailable", detail: "Busy."), .fail(.connectionLost),
            Fixtures.fragmentAnswer(Fixtures.changedFragmentBody, etag: Fixtures.newerEtag),
        ])
        let saved = try await Fixtures.client(transport).send(.replace(Fixtures.fragment()))
        #expect(transport.requests.map(\.method) == ["PUT", "PUT", "PUT"])
        #expect(transport.requests.allSatisfy { $0.headers["If-Match"] == Fixtures.etag })
        #expect(saved.etag?.rawValue == Fixtures.newerEtag)
    }

    @Test("a retried write answered 412 says that an earlier try may have made the change")
    func aRetriedWriteAnswered412SaysSo() async throws {
        let transport = ScriptedTransport([
            .fail(.connectionLost), .problem(412, title: "Precondition Failed", detail: "ETag mismatch."),
        ])
        let error = await #expect(throws: AemError.self) {
            try await Fixtures.client(transport).send(.delete(Fixtures.fragment()))
        }
        #expect(transport.requests.count == 2)
        #expect(error?.kind == .preconditionFailed)
        #expect(error?.message.contains("an earlier try may have made the change") == true)
    }

    @Test("a 429 with a short Retry-After is waited out, then the POST is sent again")
    func a429IsWaitedOut() async throws {
        let transport = ScriptedTransport([
            .problem(429, title: "Too Many Requests", detail: "Slow down.", headers: ["Retry-After": "1"]),
            .json(
                #"{"workflowInstanceId": "w2", "items": [{"path": "\#(Fixtures.fragmentPath)", "status": "SUCCESS_TRIGGERED"}]}"#
            ),
        ])
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = try await Fixtures.client(transport).send(.publish(paths: [Fixtures.fragmentPath]))
        #expect(clock.now - start >= .milliseconds(900))
        #expect(transport.requests.count == 2)
        #expect(outcome.status(ofPath: Fixtures.fragmentPath) == .triggered)
    }

    @Test("reads are retried as before: a GET after a 503")
    func readsAreRetried() async throws {
        let transport = ScriptedTransport([
            .problem(503, title: "Service Unavailable", detail: "Busy."), Fixtures.fragmentAnswer(),
        ])
        _ = try await Fixtures.client(transport).send(.fragment(id: Fixtures.fragmentID))
        #expect(transport.requests.count == 2)
    }

    @Test("what may be sent twice: reads, and PUT or DELETE with If-Match")
    func repeatability() throws {
        #expect(try SitesRequest.fragment(id: "f1").isRepeatable)
        #expect(try SitesRequest.replace(Fixtures.fragment()).isRepeatable)
        #expect(try SitesRequest.delete(Fixtures.fragment()).isRepeatable)
        #expect(try !SitesRequest.patch(edit()).isRepeatable)
        #expect(try !SitesRequest.create(newFragment()).isRepeatable)
        #expect(try !SitesRequest.publish(paths: [Fixtures.fragmentPath]).isRepeatable)
        #expect(!Aem.isRepeatable(method: "PUT", headers: [:]))
        #expect(Aem.isRepeatable(method: "HEAD", headers: [:]))
    }
}
