import AEMHeadless
import Foundation

/// A transport that answers every request with the same status, headers and body: for reading an answer through
/// the client's whole pipeline without a server.
public struct CannedAnswer: AemHTTPTransport {
    public var status: Int
    public var headers: AemHTTPHeaders
    public var body: Data

    public init(status: Int = 200, headers: AemHTTPHeaders = ["Content-Type": "application/json"], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public func send(_ request: AemHTTPRequest) async throws -> AemHTTPResponse {
        AemHTTPResponse(status: status, headers: headers, body: AemHTTPBody(body))
    }

    /// What `execute` makes of this answer to `query` on `origin`, past any cache and without retries.
    public func read<Response>(_ query: PersistedQuery<Response>, on origin: AemOrigin) async throws
        -> GraphQLResult<Response>
    {
        let configuration = try AemConfiguration(
            scheme: origin.scheme, host: origin.port.map { "\(origin.host):\($0)" } ?? origin.host, retry: .none)
        return try await Aem(configuration, transport: self).execute(query, policy: .fetchIgnoringCacheData).value
    }
}
