import AEMHeadless
import EmulatorTestSupport
import Foundation
import Testing
import WKNDSample

/// `Aem.execute` reads an answer's envelope through its own strict parser, then the data through `Decodable`;
/// `JSONDecoder` reads the same envelope through `Decodable` alone. On thousands of generated answers — well-formed,
/// oddly typed and byte-damaged — both must agree: the same values, or both refusing.
@Suite("Fast decode path agrees with JSONDecoder")
struct DecodePathParityTests {
    /// What `JSONDecoder` makes of an answer: the same envelope rules as the client.
    private struct Envelope: Decodable, Equatable {
        var data: AdventureListData?
        var errors: [GraphQLError]?

        private enum CodingKeys: String, CodingKey { case data, errors }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            data = try container.decodeIfPresent(AdventureListData.self, forKey: .data)
            errors = try container.decodeIfPresent([Skippable<GraphQLError>].self, forKey: .errors)?.compactMap(\.value)
            guard container.contains(.data) || errors != nil else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not GraphQL"))
            }
        }
    }

    private struct Skippable<Value: Decodable & Equatable>: Decodable, Equatable {
        var value: Value?
        init(from decoder: any Decoder) throws { value = try? Value(from: decoder) }
    }

    /// Odd values AEM or a proxy might put where a field is expected.
    private static let oddValues = [
        "null", "0", "-0", "8.0", "1e3", "9007199254740993", "1e400", "-12.5", "\"8\"", "\" 95.5 \"", "\"x\"", "true",
        "[]", "{}", "[1,\"a\",null]", #"{"nodeType":"text","value":"v"}"#, #""a\"b\\c\u00e9\ud83c\udfd4""#, "\"\"",
    ]

    private func field(_ random: inout SeededRandom, _ good: String) -> String {
        random.chance(70) ? good : random.pick(Self.oddValues)
    }

    private func node(_ random: inout SeededRandom, depth: Int) -> String {
        if depth > 3 || random.chance(20) { return random.pick(Self.oddValues) }
        var members = [
            #""nodeType":\#(field(&random, random.pick([#""paragraph""#, #""text""#, #""link""#, #""header""#, #""reference""#, #""x-new""#])))"#
        ]
        if random.chance(60) { members.append(#""value":\#(field(&random, #""some text é""#))"#) }
        if random.chance(30) { members.append(#""style":\#(field(&random, #""h2""#))"#) }
        if random.chance(30) {
            members.append(#""format":\#(field(&random, #"{"variants":[\#(field(&random, #""bold""#)),"italic"]}"#))"#)
        }
        if random.chance(30) {
            members.append(
                #""data":\#(field(&random, #"{"href":\#(field(&random, #""/content/x""#)),"type":"fragment","extra":[1,{"k":2}]}"#))"#
            )
        }
        if random.chance(20) { members.append(#""unknownMember":\#(random.pick(Self.oddValues))"#) }
        if random.chance(50) {
            let children = (0..<random.below(4)).map { _ in node(&random, depth: depth + 1) }
            members.append(#""content":\#(field(&random, "[\(children.joined(separator: ","))]"))"#)
        }
        return "{\(members.shuffled(using: &random).joined(separator: ","))}"
    }

    private func adventure(_ random: inout SeededRandom) -> String {
        var members: [String] = []
        for (key, good) in [
            ("_path", #""/content/dam/a/b""#), ("slug", #""bali-surf-camp""#), ("title", #""Bali Surf Camp""#),
            ("activity", #""Surfing""#), ("groupSize", "8"), ("price", "4500"), ("tripLength", #""6 days""#),
        ]
        where random.chance(80) {
            members.append("\"\(key)\":\(field(&random, good))")
        }
        if random.chance(70) {
            let image =
                #"{"_path":\#(field(&random, #""/content/dam/x.jpg""#)),"_dynamicUrl":\#(field(&random, #""/adobe/dynamicmedia/deliver/x.jpg?width=1200""#)),"width":\#(field(&random, "2400"))}"#
            members.append(#""primaryImage":\#(field(&random, image))"#)
        }
        if random.chance(60) {
            let nodes = (0..<random.below(4)).map { _ in node(&random, depth: 0) }
            let rich =
                #"{"plaintext":\#(field(&random, #""plain""#)),"json":\#(field(&random, "[\(nodes.joined(separator: ","))]"))}"#
            members.append(#""description":\#(field(&random, rich))"#)
        }
        if random.chance(10) { members.append(#""slug":"duplicate-wins""#) }
        return "{\(members.joined(separator: ","))}"
    }

    private func answer(_ random: inout SeededRandom) -> String {
        let items = (0..<random.below(5)).map { _ in
            random.chance(90) ? adventure(&random) : random.pick(Self.oddValues)
        }
        let list =
            #"{"items":\#(field(&random, "[\(items.joined(separator: ","))]")),"_references":\#(field(&random, #"[{"__typename":"ImageRef","_path":"/x.jpg"},{"__typename":"DocumentRef","_path":"/d.pdf"},{"__typename":"AdventureModel","slug":"s"},7]"#))}"#
        var members: [String] = []
        if random.chance(90) {
            members.append(#""data":\#(field(&random, #"{"adventureList":\#(field(&random, list))}"#))"#)
        }
        if random.chance(30) {
            let error =
                #"{"message":\#(field(&random, #""boom""#)),"locations":[{"line":\#(field(&random, "1")),"column":2}],"path":["a",0],"extensions":\#(field(&random, #"{"code":"X"}"#))}"#
            members.append(#""errors":\#(field(&random, "[\(error),5]"))"#)
        }
        return "{\(members.joined(separator: ","))}"
    }

    /// One byte changed, removed or added at a random place.
    private func damaged(_ text: String, _ random: inout SeededRandom) -> Data {
        var bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return Data(bytes) }
        let position = random.below(bytes.count)
        let replacements: [UInt8] = Array("\"{}[],:.-e0\\u n".utf8) + [0xC3, 0xFF, 0x00, 0x09]
        switch random.below(3) {
        case 0: bytes[position] = random.pick(replacements)
        case 1: bytes.remove(at: position)
        default: bytes.insert(random.pick(replacements), at: position)
        }
        return Data(bytes)
    }

    /// A transport that answers every request with 200 and the body it holds.
    private struct CannedAnswer: AemHTTPTransport {
        let body: Data

        func send(_ request: AemHTTPRequest) async throws -> AemHTTPResponse {
            AemHTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: AemHTTPBody(body))
        }
    }

    @Test(arguments: [1, 2, 3, 4])
    func bothPathsAgree(seed: UInt64) async throws {
        let configuration = try AemConfiguration(scheme: .http, host: "127.0.0.1:4503", retry: .none)
        var random = SeededRandom(seed: seed)
        var agreedOnValues = 0
        for round in 0..<800 {
            let text = answer(&random)
            let body = random.chance(40) ? damaged(text, &random) : Data(text.utf8)
            let aem = Aem(configuration, transport: CannedAnswer(body: body))
            let fast = try? await aem.execute(WKNDQueries.adventures(), policy: .fetchIgnoringCacheData).value
            let slow = try? JSONDecoder().decode(Envelope.self, from: body)
            let shown = String(decoding: body, as: UTF8.self)
            #expect(
                (fast == nil) == (slow == nil),
                "round \(round): fast \(fast == nil ? "refused" : "accepted"), JSONDecoder did not: \(shown)")
            if let fast, let slow {
                #expect(fast.data == slow.data, "round \(round): \(shown)")
                #expect(fast.errors == (slow.errors ?? []), "round \(round): \(shown)")
                agreedOnValues += 1
            }
        }
        #expect(agreedOnValues > 250, "too few answers were accepted to compare values")
    }
}
