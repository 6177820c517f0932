import AEMHeadless
import Foundation
import Testing

/// A transport that keeps every request it is sent and answers each from a script: a canned response, a response
/// whose body breaks while it is read, or a failure below HTTP. A request the script has no step for is an issue of
/// the test, so a client that sends more than expected fails it.
final class ScriptedTransport: AemHTTPTransport, @unchecked Sendable {
    /// What one request gets.
    enum Step: Sendable {
        /// A response with a body read whole.
        case answer(status: Int, headers: AemHTTPHeaders, body: String)
        /// A response whose body breaks with `connectionLost` before it ends.
        case brokenBody(status: Int, headers: AemHTTPHeaders)
        /// A failure before any response.
        case fail(AemHTTPTransportError.Kind)

        /// A JSON answer.
        static func json(_ body: String, status: Int = 200, headers: AemHTTPHeaders = [:]) -> Step {
            var all: AemHTTPHeaders = ["Content-Type": "application/json"]
            for field in headers { all.add(name: field.name, value: field.value) }
            return .answer(status: status, headers: all, body: body)
        }

        /// An answer with no body.
        static func empty(_ status: Int, headers: AemHTTPHeaders = [:]) -> Step {
            .answer(status: status, headers: headers, body: "")
        }

        /// An RFC 9457 Problem Details answer.
        static func problem(_ status: Int, title: String, detail: String, headers: AemHTTPHeaders = [:]) -> Step {
            var all: AemHTTPHeaders = ["Content-Type": "application/problem+json"]
            for field in headers { all.add(name: field.name, value: field.value) }
            return .answer(
                status: status, headers: all,
                body: #"{"title": "\#(title)", "status": \#(status), "detail": "\#(detail)"}"#)
        }
    }

    private let lock = NSLock()
    private var steps: [Step]
    private var sent: [AemHTTPRequest] = []

    init(_ steps: [Step]) {
        self.steps = steps
    }

    /// The requests sent, in order.
    var requests: [AemHTTPRequest] { lock.withLock { sent } }

    /// The steps not used.
    var stepsLeft: Int { lock.withLock { steps.count } }

    func send(_ request: AemHTTPRequest) async throws -> AemHTTPResponse {
        let step = lock.withLock {
            sent.append(request)
            return steps.isEmpty ? nil : steps.removeFirst()
        }
        guard let step else {
            Issue.record("no step left for \(request.method) \(request.url)")
            throw AemHTTPTransportError(.connectionFailed, "no step left in this test")
        }
        switch step {
        case .answer(let status, let headers, let body):
            return AemHTTPResponse(status: status, headers: headers, body: AemHTTPBody(Data(body.utf8)))
        case .brokenBody(let status, let headers):
            let body = AemHTTPBody {
                var chunks = 0
                return {
                    chunks += 1
                    if chunks == 1 { return Data(#"{"id": "#.utf8) }
                    throw AemHTTPTransportError(.connectionLost, "connection reset by peer")
                }
            }
            return AemHTTPResponse(status: status, headers: headers, body: body)
        case .fail(let kind):
            throw AemHTTPTransportError(kind, "scripted \(kind)")
        }
    }
}

extension AemHTTPRequest {
    /// The body as JSON; nil when there is none or it is not JSON.
    var jsonBody: UntypedJSON? {
        body.flatMap { try? UntypedJSON(parsing: $0) }
    }

    /// The path and query of the URL, as sent.
    var target: String {
        let text = url.absoluteString
        guard let start = text.range(of: "://").flatMap({ text[$0.upperBound...].firstIndex(of: "/") }) else {
            return text
        }
        return String(text[start...])
    }
}
