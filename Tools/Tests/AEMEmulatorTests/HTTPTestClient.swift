import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// A finished HTTP exchange, as the tests look at it.
struct HTTPResult {
    let status: Int
    let headers: HTTPHeaders
    let body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }

    func header(_ name: String) -> String? { headers.first(name: name) }

    /// The body parsed as JSON.
    func json() throws -> JSONNode {
        JSONNode(try JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed]))
    }
}

/// What arrived before a response broke off.
struct BrokenResult {
    let status: Int
    let headers: HTTPHeaders
    let received: Int
    let error: (any Error)?
}

/// Sends requests to an emulator with AsyncHTTPClient.
enum HTTPTestClient {
    /// GETs (or HEADs) `url` and reads the whole body.
    static func get(
        _ url: String, headers: [(String, String)] = [], method: HTTPMethod = .GET
    ) async throws -> HTTPResult {
        let response = try await HTTPClient.shared.execute(request(url, headers, method), timeout: .seconds(60))
        let body = try await response.body.collect(upTo: 64 * 1024 * 1024)
        return HTTPResult(
            status: Int(response.status.code), headers: response.headers, body: Array(body.readableBytesView))
    }

    /// Sends `body` with `method` (`PUT`, `POST`) and reads the whole answer.
    static func send(
        _ url: String, method: HTTPMethod, body: String, headers: [(String, String)] = []
    ) async throws -> HTTPResult {
        var request = request(url, headers, method)
        request.body = .bytes(ByteBuffer(string: body))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
        let bytes = try await response.body.collect(upTo: 64 * 1024 * 1024)
        return HTTPResult(
            status: Int(response.status.code), headers: response.headers, body: Array(bytes.readableBytesView))
    }

    /// GETs `url`, counting the body bytes that arrive until the body ends or fails.
    static func getCountingBytes(_ url: String, headers: [(String, String)] = []) async throws -> BrokenResult {
        let response = try await HTTPClient.shared.execute(request(url, headers, .GET), timeout: .seconds(60))
        var received = 0
        do {
            for try await chunk in response.body { received += chunk.readableBytes }
            return BrokenResult(
                status: Int(response.status.code), headers: response.headers, received: received, error: nil)
        } catch {
            return BrokenResult(
                status: Int(response.status.code), headers: response.headers, received: received, error: error)
        }
    }

    private static func request(_ url: String, _ headers: [(String, String)], _ method: HTTPMethod) -> HTTPClientRequest
    {
        var request = HTTPClientRequest(url: url)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        return request
    }
}

/// A loosely typed view of parsed JSON for assertions.
struct JSONNode {
    let value: Any?

    init(_ value: Any?) { self.value = value }

    subscript(key: String) -> JSONNode { JSONNode((value as? [String: Any])?[key]) }
    subscript(index: Int) -> JSONNode {
        guard let array = value as? [Any], array.indices.contains(index) else { return JSONNode(nil) }
        return JSONNode(array[index])
    }

    var array: [JSONNode] { (value as? [Any])?.map(JSONNode.init) ?? [] }
    var keys: [String] { (value as? [String: Any]).map { Array($0.keys) } ?? [] }
    var string: String? { value as? String }
    var int: Int? { value as? Int }
    var double: Double? { value as? Double }
    var bool: Bool? { value as? Bool }
    var exists: Bool { value != nil }
    var isNull: Bool { value is NSNull }
}
