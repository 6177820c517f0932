import Foundation
import HTTPTypes
import Hummingbird
import NIOConcurrencyHelpers
import NIOCore

/// Answers an IMS emulator's requests: `POST /ims/exchange/jwt` (service credentials, lifetime
/// in milliseconds) and `POST /ims/token/v3` (OAuth client credentials, lifetime in seconds),
/// with IMS's JSON errors (`invalid_client`, `invalid_token`, `invalid_scope`, `unsupported_grant_type`).
struct IMSResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    static let jwtExchangePath = "/ims/exchange/jwt"
    static let clientCredentialsPath = "/ims/token/v3"

    let options: IMSOptions
    let counts: NIOLockedValueBox<[String: Int]>

    func respond(to request: Request, context _: BasicRequestContext) async throws -> Response {
        let path = request.uri.path
        counts.withLockedValue { $0[path, default: 0] += 1 }
        guard path == Self.jwtExchangePath || path == Self.clientCredentialsPath else {
            return Self.json(404, ["error": "not_found", "error_description": "No IMS endpoint at \(path)"])
        }
        guard request.method == .post else {
            return Self.json(405, ["error": "invalid_request", "error_description": "Use POST"])
        }
        let body = try await request.body.collect(upTo: 64 << 10)
        let form = IMSFormBody.parse(Array(body.readableBytesView))
        guard let clientID = form["client_id"], let client = options.clients.first(where: { $0.clientID == clientID })
        else {
            return Self.json(400, ["error": "invalid_client", "error_description": "invalid client_id parameter"])
        }
        guard let secret = form["client_secret"], Self.constantTimeEqual(secret, client.clientSecret) else {
            return Self.json(401, ["error": "invalid_client", "error_description": "invalid client_secret parameter"])
        }
        return path == Self.jwtExchangePath
            ? exchangeJWT(form, client: client) : clientCredentials(form, client: client)
    }

    private func exchangeJWT(_ form: [String: String], client: IMSRegisteredClient) -> Response {
        guard let jwt = form["jwt_token"], !jwt.isEmpty else {
            return Self.json(400, ["error": "invalid_request", "error_description": "missing jwt_token parameter"])
        }
        do {
            try IMSJWTVerifier(client: client, audienceHost: options.audienceHost).verify(jwt)
        } catch {
            return Self.json(400, ["error": error.error, "error_description": error.description])
        }
        let (token, lifetime) = options.tokens.issue()
        return Self.json(200, ["token_type": "bearer", "access_token": token, "expires_in": lifetime * 1000])
    }

    private func clientCredentials(_ form: [String: String], client: IMSRegisteredClient) -> Response {
        guard form["grant_type"] == "client_credentials" else {
            return Self.json(
                400, ["error": "unsupported_grant_type", "error_description": "grant_type must be client_credentials"])
        }
        let scopes = (form["scope"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        for scope in scopes where !client.scopes.contains(scope) {
            return Self.json(400, ["error": "invalid_scope", "error_description": "Invalid scope (\(scope))"])
        }
        let (token, lifetime) = options.tokens.issue()
        return Self.json(200, ["access_token": token, "token_type": "bearer", "expires_in": lifetime])
    }

    private static func json(_ status: Int, _ object: [String: Any]) -> Response {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return Response(
            status: HTTPResponse.Status(code: status), headers: [.contentType: "application/json;charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// Compares secrets without stopping at the first difference.
    private static func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
