import AEMHeadless
import Foundation

/// Property: whatever the body, status and content type, `Aem.decode` returns a result or
/// throws an `AemError`, never anything else, and never crashes; the error's text can be shown.
///
/// The first byte picks the status and content type, the second the type decoded into
/// (the WKND adventure list, an adventure detail, or any JSON); the rest is the body.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResponseDecoder(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count >= 2 else { return 0 }
    let bytes = UnsafeBufferPointer(start: start, count: count)
    let status = statuses[Int(bytes[0]) % statuses.count]
    var headers = AemHTTPHeaders()
    if let type = contentTypes[Int(bytes[0]) / statuses.count % contentTypes.count] {
        headers.set(name: "Content-Type", value: type)
    }
    let body = Data(bytes[2...])
    do {
        switch bytes[1] % 3 {
        case 0:
            let result = try aem.decode(WKNDQueries.adventures(limit: 3), body: body, status: status, headers: headers)
            _ = result.adventures.data?.map(\.title)
        case 1:
            let result = try aem.decode(
                WKNDQueries.adventureBySlug("bali"), body: body, status: status, headers: headers)
            _ = result.adventures
        default:
            let result = try aem.decode(PersistedQuery<JSONValue>("a/b"), body: body, status: status, headers: headers)
            _ = result.errors.map(\.message)
        }
    } catch let error as AemError {
        _ = error.description
    } catch {
        fatalError("decode threw an untyped error: \(error)")
    }
    return 0
}

private let statuses = [200, 200, 200, 203, 204, 206, 301, 304, 400, 401, 403, 404, 429, 500, 502, 503]
private let contentTypes: [String?] = [
    "application/json", "application/json;charset=utf-8", nil, "text/html", "text/plain",
    "application/graphql-response+json",
]

private struct NoNetwork: AemHTTPTransport {
    func send(_ request: AemHTTPRequest) async throws -> AemHTTPResponse {
        fatalError("decoding sends nothing")
    }
}

private let aem: Aem = {
    guard
        let configuration = try? AemConfiguration(
            host: "publish-p1-e2.adobeaemcloud.com", authentication: .token("secret-token"))
    else { fatalError("the fixed configuration is valid") }
    return Aem(configuration, transport: NoNetwork())
}()
