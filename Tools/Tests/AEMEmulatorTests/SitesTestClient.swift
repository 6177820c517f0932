import AEMEmulator
import AsyncHTTPClient
import Foundation
import NIOHTTP1

/// Requests to an emulator's author origin, signed in as the AEM SDK's author is (`admin`/`admin`, the emulator's
/// default), for the tests of the Sites API.
struct SitesTestClient {
    let emulator: RunningEmulator
    var signedIn = true

    static let authorization = ("Authorization", "Basic " + Data("admin:admin".utf8).base64EncodedString())

    /// The absolute URL of `target` on the author origin.
    func url(_ target: String) -> String {
        emulator.authorURL.absoluteString + target
    }

    /// Sends `method` to `target` under `/adobe/sites`, with `body` (JSON unless `contentType` says otherwise) and
    /// `ifMatch`.
    func send(
        _ method: HTTPMethod, _ target: String, body: String? = nil, ifMatch: String? = nil,
        contentType: String = "application/json"
    ) async throws -> HTTPResult {
        var headers: [(String, String)] = signedIn ? [Self.authorization] : []
        if let ifMatch { headers.append(("If-Match", ifMatch)) }
        guard let body else {
            return try await HTTPTestClient.get(url("/adobe/sites" + target), headers: headers, method: method)
        }
        headers.append(("Content-Type", contentType))
        return try await HTTPTestClient.send(url("/adobe/sites" + target), method: method, body: body, headers: headers)
    }

    /// GETs `target` on the author origin (any API, signed in).
    func get(_ target: String) async throws -> HTTPResult {
        try await HTTPTestClient.get(url(target), headers: signedIn ? [Self.authorization] : [])
    }

    /// The fragment with `id`, with its tag.
    func fragment(_ id: String) async throws -> (json: JSONNode, tag: String) {
        let answer = try await send(.GET, "/cf/fragments/\(id)")
        guard answer.status == 200, let tag = answer.header("ETag") else {
            throw SitesTestFailure(description: "GET /cf/fragments/\(id) answered \(answer.status): \(answer.text)")
        }
        return (try answer.json(), tag)
    }

    /// The index of the field `name` in the `fields` of `fragment`.
    static func index(of name: String, in fragment: JSONNode) throws -> Int {
        guard let index = fragment["fields"].array.firstIndex(where: { $0["name"].string == name }) else {
            throw SitesTestFailure(description: "the fragment has no field \(name)")
        }
        return index
    }

    /// A JSON Patch that replaces the values of `field` of `fragment` with `value` (a JSON literal).
    static func patch(_ field: String, of fragment: JSONNode, to value: String) throws -> String {
        "[{\"op\":\"replace\",\"path\":\"/fields/\(try index(of: field, in: fragment))/values\",\"value\":[\(value)]}]"
    }

    /// PATCHes `id` with `patch` under `tag`.
    func patch(_ id: String, _ patch: String, tag: String?) async throws -> HTTPResult {
        try await send(
            .PATCH, "/cf/fragments/\(id)", body: patch, ifMatch: tag, contentType: "application/json-patch+json")
    }

    /// Publishes (or unpublishes) `paths`, with `agentId` set to `agent` (a JSON literal) when given.
    func publish(_ paths: [String], unpublish: Bool = false, agent: String? = nil) async throws -> HTTPResult {
        let workflow =
            unpublish
            ? "/var/workflow/models/scheduled_deactivation"
            : "/var/workflow/models/scheduled_activation_with_references"
        let list = paths.map { "\"\($0)\"" }.joined(separator: ",")
        let agentMember = agent.map { ",\"agentId\":\($0)" } ?? ""
        return try await send(
            .POST, "/cf/fragments/publish",
            body: "{\"paths\":[\(list)],\"workflowModelId\":\"\(workflow)\"\(agentMember)}")
    }

    /// GETs `target` on the preview origin.
    func preview(_ target: String) async throws -> HTTPResult {
        try await HTTPTestClient.get(emulator.previewURL.absoluteString + target)
    }
}

struct SitesTestFailure: Error, CustomStringConvertible {
    var description: String
}
