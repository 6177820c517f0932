import Foundation
import WKNDSample

@testable import AEMHeadless

/// The recorded AEM responses in `Recorded`, decoded through the client's own
/// GraphQL envelope decoder.
enum RecordedFixture {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // ClientTests
        .appendingPathComponent("Recorded", isDirectory: true)

    /// The origin the recordings are read against.
    static let origin: AemOrigin = {
        do {
            return try AemOrigin(scheme: .https, host: "publish-p10101-e20202.adobeaemcloud.com")
        } catch {
            fatalError("The test origin is valid: \(error)")
        }
    }()

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }

    /// The body of `name` as the client decodes an answer with `status`.
    static func decode<Response: Decodable & Sendable>(
        _ type: Response.Type, _ name: String,
        status: Int = 200
    ) throws -> GraphQLResult<Response> {
        let url = PersistedQuery<UntypedJSON>("wknd-shared/test").url(on: origin)
        let decoder = GraphQLResponseDecoder(
            queryPath: "wknd-shared/test", origin: origin, url: url, scrubber: SecretScrubber([]))
        return try decoder.decode(
            type,
            answer: AemAnswer(
                status: status, headers: ["Content-Type": "application/json"], body: data(name), url: url))
    }

    static func adventureList(_ name: String) throws -> GraphQLResult<AdventureListData> {
        try decode(AdventureListData.self, name)
    }

    /// A JSON document as `UntypedJSON`, to compare shapes regardless of member order.
    static func json(_ data: Data) throws -> UntypedJSON {
        try JSONDecoder().decode(UntypedJSON.self, from: data)
    }
}
