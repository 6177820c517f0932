import AEMHeadless
import EmulatorTestSupport
import Foundation
import WKNDSample

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
    ) async throws -> GraphQLResult<Response> {
        try await CannedAnswer(status: status, body: data(name))
            .read(PersistedQuery<Response>("wknd-shared/test"), on: origin)
    }

    static func adventureList(_ name: String) async throws -> GraphQLResult<AdventureListData> {
        try await decode(AdventureListData.self, name)
    }

    /// The `data` of `name` read with `JSONDecoder` alone, as the client reads the data of an answer it accepted.
    static func listData(_ name: String) throws -> AdventureListData? {
        struct Envelope: Decodable { var data: AdventureListData? }
        return try JSONDecoder().decode(Envelope.self, from: data(name)).data
    }

    /// A JSON document as `UntypedJSON`, to compare shapes regardless of member order.
    static func json(_ data: Data) throws -> UntypedJSON {
        try JSONDecoder().decode(UntypedJSON.self, from: data)
    }
}
