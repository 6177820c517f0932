import Foundation
import HTTPTypes
import Hummingbird

/// Answers every request to one origin of an emulator: latency and scripted faults first, then authentication, then
/// routing on the raw request target (so that the variable suffix reaches ``RequestTarget`` undecoded) to the GraphQL
/// endpoints, the Content Fragment Delivery API, the assets, and on author the Sites API.
struct EmulatorResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    /// The tier this origin serves.
    let view: EmulatorView
    let live: EmulatorLiveContent
    let authentication: EmulatorAuthentication?
    let faults: EmulatorFaults
    /// The CDN in front of this origin; nil for none.
    let cdn: EmulatorCDN?
    let requestLog: (@Sendable (EmulatorRequestRecord) -> Void)?

    func respond(to request: Request, context _: BasicRequestContext) async throws -> Response {
        let clock = ContinuousClock()
        let start = clock.now
        let rawTarget = request.head.path ?? "/"
        let target = RequestTarget(raw: rawTarget)
        let latency = faults.latency
        if latency > .zero { try await Task.sleep(for: latency) }

        var delivery = Delivery()
        var replacement: Reply?
        var addedError: String?
        for kind in faults.takeAction(for: target.path)?.kinds ?? [] {
            switch kind {
            case .respond(let status, let headers, let body):
                replacement = .raw(status: status, headers: headers, body: body)
            case .delay(let duration):
                try await Task.sleep(for: duration)
            case .dropConnection(let bytes):
                delivery.breakage = .dropAfter(bytes: bytes)
            case .overstateContentLength(let extra):
                delivery.breakage = .overstateLength(by: extra)
            case .ignoreRange:
                delivery.ignoreRange = true
            case .addGraphQLError(let message):
                addedError = message
            case .withoutValidators:
                delivery.withoutValidators = true
            case .pace(let chunkBytes, let interval):
                delivery.pacing = Delivery.Pacing(chunkBytes: chunkBytes, interval: interval)
            case .hold(let gate):
                try await gate.pass()
            case .holdBody(let bytes, let gate):
                delivery.hold = Delivery.Hold(afterBytes: bytes, gate: gate)
            }
        }
        let origin: @Sendable () async -> Reply = { [self, replacement, addedError] in
            var reply: Reply
            if let replacement {
                reply = replacement
            } else {
                reply = await answer(request, target)
            }
            return addedError.map { reply.addingGraphQLError($0) } ?? reply
        }
        var reply: Reply
        var added: [(String, String)] = []
        if let cdn, request.method.rawValue == "PURGE" {
            reply = cdn.purge(path: target.path, headers: Self.lowercasedHeaders(of: request))
        } else if let cdn, request.method == .get || request.method == .head, isAuthorized(request) {
            (reply, added) = await cdn.answer(
                target: rawTarget, path: target.path, journal: live.journal, origin: origin)
        } else {
            reply = await origin()
        }

        var response = ResponseRendering(request: request, delivery: delivery).response(for: reply)
        for (name, value) in added {
            if let name = HTTPField.Name(name) { response.headers[name] = value }
        }
        requestLog?(
            EmulatorRequestRecord(
                method: request.method.rawValue, target: rawTarget, path: target.path, status: response.status.code,
                duration: clock.now - start, headers: Self.headers(of: request),
                cache: added.first { $0.0 == "X-Cache" }?.1))
        return response
    }

    /// The normal answer: 401 without the required credentials, else the resource at the path, from one snapshot of
    /// the content.
    private func answer(_ request: Request, _ target: RequestTarget) async -> Reply {
        guard isAuthorized(request) else { return .empty(401) }
        let path = target.path
        let rawTarget = request.head.path ?? "/"
        let reading = request.method == .get || request.method == .head
        if JournalRules.isJournal(path) {
            guard reading else { return Self.methodNotAllowed("GET, HEAD") }
            // With sign-in required, the journal also wants the client id and the organization, as Adobe's does.
            if authentication != nil,
                request.headers[HTTPField.Name("x-api-key")!] == nil
                    || request.headers[HTTPField.Name("x-ims-org-id")!] == nil
            {
                return .empty(401)
            }
            return live.journal.answer(path: path, rawTarget: request.head.path ?? path)
        }
        if let parts = SitesEndpoints.parts(of: path) {
            // The Sites API is the author tier's; publish and preview do not offer it, as AEM's do not by default.
            guard view == .author else {
                return ProblemDetails.reply(404, "The Sites API is served by the author tier, not by \(view.rawValue).")
            }
            guard let body = await Self.body(of: request) else { return Self.bodyTooLarge }
            return await SitesEndpoints(live: live).answer(
                SitesEndpoints.Request(
                    method: request.method.rawValue, parts: parts, parameters: QueryParameters(rawTarget: rawTarget),
                    ifMatch: request.headers[.ifMatch], contentType: request.headers[.contentType], body: body,
                    user: user(of: request)))
        }
        // What GraphQL, the delivery API and the assets answer from: made after a write only when a read needs it.
        guard let served = live.served(view) else { return .empty(503) }
        let (endpoints, fragmentDelivery) = (served.endpoints, served.fragmentDelivery)
        if let name = path.dropPrefix("/graphql/execute.json/") {
            guard reading else { return Self.methodNotAllowed("GET, HEAD") }
            return await endpoints.execute(name, variables: target.variableValues)
        }
        if path == "/graphql/list.json" || path.hasPrefix("/graphql/list.json/") {
            guard reading else { return Self.methodNotAllowed("GET, HEAD") }
            let configuration = path.dropPrefix("/graphql/list.json/").flatMap { $0.isEmpty ? nil : $0 }
            return endpoints.list(configuration: configuration)
        }
        if let name = path.dropPrefix("/graphql/persist.json/") {
            if request.method == .delete { return endpoints.delete(name) }
            guard request.method == .put || request.method == .post else {
                return Self.methodNotAllowed("PUT, POST, DELETE")
            }
            guard let body = await Self.body(of: request) else { return Self.bodyTooLarge }
            return endpoints.persist(name, body: body, creating: request.method == .put)
        }
        if let configuration = Self.endpointConfiguration(path, file: "endpoint.GQLschema") {
            guard reading else { return Self.methodNotAllowed("GET, HEAD") }
            return endpoints.schema(configuration: configuration)
        }
        if let configuration = Self.endpointConfiguration(path, file: "endpoint.json"), request.method == .post {
            guard let body = await Self.body(of: request) else { return Self.bodyTooLarge }
            if let reply = await endpoints.adHoc(configuration: configuration, body: body) { return reply }
        }
        if let route = DeliveryRoute(rawTarget: rawTarget) {
            guard reading else { return Self.methodNotAllowed("GET, HEAD") }
            return fragmentDelivery.answer(route, rawTarget: rawTarget, accept: request.headers[.accept])
        }
        if let route = AssetRoute(rawTarget: rawTarget) {
            guard reading else { return Self.methodNotAllowed("GET, HEAD") }
            return await served.assetDelivery.answer(
                route, parameters: QueryParameters(rawTarget: rawTarget), accept: request.headers[.accept])
        }
        if let asset = served.assetDelivery.assets.asset(atPath: path) {
            guard reading else { return Self.methodNotAllowed("GET, HEAD") }
            return .asset(asset)
        }
        return .raw(
            status: 404, headers: [("Content-Type", "text/html;charset=utf-8")],
            body: Array("<html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>".utf8))
    }

    /// The configuration of `/content/cq:graphql/<configuration>/<file>` (also spelled `_cq_graphql`).
    private static func endpointConfiguration(_ path: String, file: String) -> String? {
        for prefix in ["/content/cq:graphql/", "/content/_cq_graphql/"] {
            guard let rest = path.dropPrefix(prefix), let configuration = rest.dropSuffix("/" + file),
                !configuration.isEmpty, !configuration.contains("/")
            else { continue }
            return configuration
        }
        return nil
    }

    private static func methodNotAllowed(_ allowed: String) -> Reply {
        .empty(405, headers: [("Allow", allowed)])
    }

    private static let bodyTooLarge = Reply.empty(413)

    /// The request body, or `nil` when it is larger than ``GraphQLEndpoints/maximumBodyBytes``.
    private static func body(of request: Request) async -> [UInt8]? {
        guard let buffer = try? await request.body.collect(upTo: GraphQLEndpoints.maximumBodyBytes) else { return nil }
        return Array(buffer.readableBytesView)
    }

    /// Who a request writes as: the user name of Basic credentials, else `admin`.
    private func user(of request: Request) -> String {
        guard case .basic(let username, _)? = authentication else { return "admin" }
        return username
    }

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

extension EmulatorResponder {
    /// The request's header fields by lowercased name.
    static func lowercasedHeaders(of request: Request) -> [String: String] {
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        return headers
    }
}

extension String {
    /// The rest of this text after `prefix`, or `nil` when it does not start with it.
    func dropPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }

    /// This text without `suffix`, or `nil` when it does not end with it.
    func dropSuffix(_ suffix: String) -> String? {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : nil
    }
}
