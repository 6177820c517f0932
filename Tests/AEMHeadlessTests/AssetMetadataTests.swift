import AEMHeadless
import Foundation
import Testing

/// `Aem.assetMetadata(id:)` against canned answers: the request it sends, the document read leniently (numbers as
/// strings, members missing or null), and the answers that are not metadata.
struct AssetMetadataTests {
    private static let uuid = "a38886f7-4537-4791-aa20-3f6ef0ac3fcd"

    /// Shaped like AEM's answer: strings for most numbers, one number as a number, and members no field reads.
    private static let document = """
        { "assetId": "urn:aaid:aem:\(uuid)",
          "repositoryMetadata": { "repo:name": "adobestock_175749320.jpg", "dc:format": "image/jpeg",
            "repo:size": "250467", "repo:createDate": "2024-05-02T10:00:00.000Z",
            "smartcrops": { "Landscape": { "left": "0.0", "top": "0.5774", "normalizedWidth": "1.0",
              "normalizedHeight": "0.84375", "width": "320", "height": "180", "manualCrop": "true" },
              "Square": { "left": 0.25, "top": 0, "normalizedWidth": 0.5, "normalizedHeight": 1 } } },
          "assetMetadata": { "dam:assetStatus": "approved", "dc:title": "Surfing in Bali",
            "dc:description": "Waves at dawn.", "tiff:ImageWidth": 1200, "tiff:ImageLength": "800",
            "xmp:Rating": 4 } }
        """

    @Test func readsTheDocumentLeniently() async throws {
        let metadata = try await Self.metadata(answering: .json(Self.document))
        #expect(metadata.assetID == AssetID(Self.uuid))
        #expect(metadata.name == "adobestock_175749320.jpg")
        #expect(metadata.mimeType == "image/jpeg")
        #expect(metadata.size == 250_467)
        #expect(metadata.title == "Surfing in Bali")
        #expect(metadata.description == "Waves at dawn.")
        #expect(metadata.width == 1200 && metadata.height == 800)
        #expect(metadata.status == "approved")
        let landscape = try #require(metadata.smartCrops["Landscape"])
        #expect(landscape.left == 0 && landscape.top == 0.5774)
        #expect(landscape.normalizedWidth == 1 && landscape.normalizedHeight == 0.84375)
        #expect(landscape.width == 320 && landscape.height == 180)
        #expect(metadata.smartCrops["Square"]?.left == 0.25)
        #expect(metadata.smartCrops["Square"]?.width == nil)
        // The two objects are kept whole, as sent.
        #expect(metadata.repositoryMetadata["repo:size"] == "250467")
        #expect(metadata.repositoryMetadata["repo:createDate"] == "2024-05-02T10:00:00.000Z")
        #expect(metadata.assetMetadata["xmp:Rating"] == 4)
        #expect(metadata.assetMetadata["tiff:ImageWidth"] == 1200)
    }

    @Test func missingNullAndOddMembersAreNil() async throws {
        let empty = try await Self.metadata(answering: .json("{}"))
        #expect(empty.assetID == nil && empty.name == nil && empty.size == nil && empty.width == nil)
        #expect(empty.smartCrops.isEmpty && empty.repositoryMetadata.isEmpty && empty.assetMetadata.isEmpty)

        let odd = try await Self.metadata(
            answering: .json(
                """
                { "assetId": "urn:aaid:aem:not-an-id!", "assetMetadata": null,
                  "repositoryMetadata": { "repo:name": null, "repo:size": "about 2 MB", "dc:format": 7,
                    "smartcrops": null } }
                """))
        #expect(odd.assetID == nil)
        #expect(odd.name == nil && odd.size == nil && odd.mimeType == nil)
        #expect(odd.title == nil && odd.status == nil && odd.assetMetadata.isEmpty)
        #expect(odd.smartCrops.isEmpty)
        #expect(odd.repositoryMetadata["repo:name"] == .null)

        let fractional = try await Self.metadata(
            answering: .json(#"{"assetMetadata": {"tiff:ImageWidth": 1200.5, "tiff:ImageLength": "800.0"}}"#))
        #expect(fractional.width == nil)
        #expect(fractional.height == 800)
    }

    @Test func sendsOneGETForTheMetadataWithTheCredentials() async throws {
        let transport = CannedTransport([.json(Self.document)])
        let aem = try Self.client(transport)
        _ = try await aem.assetMetadata(id: try #require(AssetID("dm-aid--\(Self.uuid)")))
        let request = try #require(transport.requests.first)
        #expect(transport.requests.count == 1)
        #expect(request.method == "GET")
        #expect(
            request.url.absoluteString
                == "https://delivery-p1-e2.adobeaemcloud.com/adobe/assets/urn:aaid:aem:\(Self.uuid)/metadata")
        #expect(request.body == nil)
        #expect(request.headers["Authorization"] == "Bearer asset-token")
        #expect(request.headers["Accept"] == "application/json")
    }

    @Test func aRedirectAwayFromTheOriginLosesTheCredentials() async throws {
        let elsewhere = "https://cdn.example.net/adobe/assets/urn:aaid:aem:\(Self.uuid)/metadata"
        let transport = CannedTransport([.init(302, headers: ["Location": elsewhere]), .json(Self.document)])
        let metadata = try await Self.client(transport).assetMetadata(id: try #require(AssetID(Self.uuid)))
        #expect(metadata.name == "adobestock_175749320.jpg")
        #expect(transport.requests.map(\.url.absoluteString).last == elsewhere)
        #expect(transport.requests.first?.headers["Authorization"] == "Bearer asset-token")
        #expect(transport.requests.last?.headers["Authorization"] == nil)
    }

    @Test func answersThatAreNotMetadataAreClearErrors() async throws {
        let html = CannedTransport.Reply(
            200, headers: ["Content-Type": "text/html; charset=utf-8"],
            body: "<!DOCTYPE html><html><head><title>Sign in</title></head><body>Sign in</body></html>")
        let problem = CannedTransport.Reply(
            404, headers: ["Content-Type": "application/problem+json"],
            body: #"{"title": "Not Found", "status": 404, "detail": "No approved asset with this id."}"#)
        let cases: [(CannedTransport.Reply, AemError.Kind)] = [
            (html, .htmlResponse),
            (problem, .notFound),
            (.json("[1, 2]"), .decodingFailed),
            (.init(200, headers: ["Content-Type": "application/json"], body: "{\"assetId\": "), .invalidResponse),
            (.init(200, headers: ["Content-Type": "application/json"]), .emptyResponse),
        ]
        for (reply, kind) in cases {
            let error = await #expect(throws: AemError.self) { try await Self.metadata(answering: reply) }
            #expect(error?.kind == kind, "\(reply.body): \(error?.message ?? "")")
            #expect(error?.message.contains("\n") == false)
        }
        let notFound = await #expect(throws: AemError.self) { try await Self.metadata(answering: problem) }
        #expect(notFound?.problemDetails?.detail == "No approved asset with this id.")
        #expect(notFound?.message.contains("urn:aaid:aem:\(Self.uuid)") == true)
    }

    private static func client(_ transport: CannedTransport) throws -> Aem {
        let origin = try AemOrigin.cloudService(program: "1", environment: "2", tier: .delivery)
        return Aem(
            try AemConfiguration(host: origin.host, authentication: .token("asset-token"), retry: .none),
            transport: transport)
    }

    private static func metadata(answering reply: CannedTransport.Reply) async throws -> AssetMetadata {
        try await client(CannedTransport([reply])).assetMetadata(id: try #require(AssetID(uuid)))
    }
}

/// Answers each request with the next canned reply, and keeps the requests.
private final class CannedTransport: AemHTTPTransport, @unchecked Sendable {
    struct Reply: Sendable {
        var status: Int
        var headers: AemHTTPHeaders
        var body: String

        init(_ status: Int, headers: AemHTTPHeaders = [:], body: String = "") {
            self.status = status
            self.headers = headers
            self.body = body
        }

        static func json(_ body: String) -> Reply {
            Reply(200, headers: ["Content-Type": "application/json"], body: body)
        }
    }

    private let lock = NSLock()
    private var replies: [Reply]
    private var sent: [AemHTTPRequest] = []

    init(_ replies: [Reply]) {
        self.replies = replies
    }

    var requests: [AemHTTPRequest] { lock.withLock { sent } }

    func send(_ request: AemHTTPRequest) async throws -> AemHTTPResponse {
        let reply = lock.withLock {
            sent.append(request)
            return replies.isEmpty ? nil : replies.removeFirst()
        }
        guard let reply else { throw AemHTTPTransportError(.connectionFailed, "no reply left in this test") }
        return AemHTTPResponse(status: reply.status, headers: reply.headers, body: AemHTTPBody(Data(reply.body.utf8)))
    }
}
