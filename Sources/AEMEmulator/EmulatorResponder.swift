import Foundation
import HTTPTypes
import Hummingbird

/// Answers every request of an emulator: latency and scripted faults first, then authentication, then routing on
/// the raw request target (so that the variable suffix reaches ``RequestTarget`` undecoded).
struct EmulatorResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let context: QueryContext
    let authentication: EmulatorAuthentication?
    let faults: EmulatorFaults
    let requestLog: (@Sendable (EmulatorRequestRecord) -> Void)?

    func respond(to request: Request, context _: BasicRequestContext) async throws -> Response {
        let clock = ContinuousClock()
        let start = clock.now
        let rawTarget = request.head.path ?? "/"
        let target = RequestTarget(raw: rawTarget)
        let latency = faults.latency
        if latency > .zero { try await Task.sleep(for: latency) }

        var delivery = Delivery()
        let reply: Reply
        switch faults.takeAction(for: target.path)?.kind {
        case .respond(let status, let headers, let body)?:
            reply = .raw(status: status, headers: headers, body: body)
        case .delay(let duration)?:
            try await Task.sleep(for: duration)
            reply = answer(request, target)
        case .dropConnection(let bytes)?:
            delivery.breakage = .dropAfter(bytes: bytes)
            reply = answer(request, target)
        case .overstateContentLength(let extra)?:
            delivery.breakage = .overstateLength(by: extra)
            reply = answer(request, target)
        case .ignoreRange?:
            delivery.ignoreRange = true
            reply = answer(request, target)
        case .addGraphQLError(let message)?:
            reply = answer(request, target).addingGraphQLError(message)
        case nil:
            reply = answer(request, target)
        }

        let response = ResponseRendering(request: request, delivery: delivery).response(for: reply)
        requestLog?(
            EmulatorRequestRecord(
                method: request.method.rawValue, target: rawTarget, path: target.path, status: response.status.code,
                duration: clock.now - start, headers: Self.headers(of: request)))
        return response
    }

    /// The normal answer: 401 without the required credentials, else the resource at the path.
    private func answer(_ request: Request, _ target: RequestTarget) -> Reply {
        guard isAuthorized(request) else { return .empty(401) }
        guard request.method == .get || request.method == .head else {
            return .empty(405, headers: [("Allow", "GET, HEAD")])
        }
        let path = target.path
        if path.hasPrefix(Self.executePrefix) {
            return persistedQuery(String(path.dropFirst(Self.executePrefix.count)), variables: target.variableValues)
        }
        if path == "/graphql/list.json" {
            return .document(status: 200, Self.queryList, cacheable: false)
        }
        if let image = context.catalog.image(atPath: path) ?? context.catalog.image(atDeliveryPath: path) {
            return .image(image)
        }
        return .raw(
            status: 404, headers: [("Content-Type", "text/html;charset=utf-8")],
            body: Array("<html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>".utf8))
    }

    private static let executePrefix = "/graphql/execute.json/"

    private func persistedQuery(_ name: String, variables: [String: String]) -> Reply {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let query = WKNDQueries.query(configuration: String(parts[0]), name: String(parts[1])) else {
            let message = "No persisted query found at /conf/\(parts.first ?? "")/settings/graphql/persistentQueries/\(parts.dropFirst().joined(separator: "/"))"
            return .document(status: 404, .object([("errors", .array([.object([("message", .string(message))])]))]), cacheable: false)
        }
        return .document(status: 200, query.execute(variables, context: context), cacheable: true)
    }

    /// The answer of `/graphql/list.json`: every stored query with its paths and text.
    private static let queryList = JSONValue.array(WKNDQueries.all.map { query in
        .object([
            ("path", .object([("shortForm", .string(query.shortPath)), ("fullForm", .string(query.fullPath))])),
            ("query", .string(query.text)),
        ])
    })

    private func isAuthorized(_ request: Request) -> Bool {
        guard let authentication else { return true }
        guard let header = request.headers[.authorization] else { return false }
        let parts = header.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return false }
        switch authentication {
        case .basic(let username, let password):
            guard parts[0].lowercased() == "basic", let decoded = Data(base64Encoded: parts[1]) else { return false }
            return decoded == Data("\(username):\(password)".utf8)
        case .bearer(let token):
            return parts[0].lowercased() == "bearer" && parts[1] == token
        case .imsTokens(let store):
            return parts[0].lowercased() == "bearer" && store.isValid(parts[1])
        }
    }

    private static func headers(of request: Request) -> [String: String] {
        var headers: [String: String] = [:]
        for field in request.headers {
            let name = field.name.canonicalName
            headers[name] = headers[name].map { "\($0), \(field.value)" } ?? field.value
        }
        return headers
    }
}
