import Foundation
import Testing

@testable import AEMHeadless

/// The fast parser must never accept what `JSONDecoder` refuses, and must read the same values
/// where both accept: otherwise the two decode paths of `Aem.decode` would disagree.
@Suite("Parsing as JSONDecoder would, for the fast decode path")
struct StrictJSONParsingTests {
    private func parse(_ text: String) -> UntypedJSON? { UntypedJSONParser.parseAsJSONDecoderWould(Data(text.utf8)) }

    private func decoderAccepts(_ data: Data) -> Bool {
        (try? JSONDecoder().decode(UntypedJSON.self, from: data)) != nil
    }

    @Test(arguments: [
        #"{"a":[1,-0,0.5,1e3,-2.5E-3,true,false,null,"x"]}"#,
        #"  [ ]  "#, "{}", #""text""#, "0", "-1", "null", "true",
        #"["\"\\\/\b\f\n\r\t\u00e9\ud83c\udfd4"]"#,
        #"{"naïve":"北海道 🏔️"}"#,
    ])
    func acceptsValidJSON(_ text: String) {
        #expect(parse(text) != nil)
        #expect(decoderAccepts(Data(text.utf8)))
    }

    @Test(arguments: [
        "", " ", "[1,]", #"{"a":1,}"#, "01", "1.", ".5", "+1", "-", "1e", "1e+", "NaN", "Infinity", "tru", "nul",
        "[1 2]", #"{"a" 1}"#, #"{a:1}"#, "// c\n1", "/* c */1", "[1]]", "{", "[", #""abc"#, #""a\x""#, #""\u12""#,
        #""\ud800""#, #""\udc00""#, #""\ud800\u0041""#, "\"tab\there\"", "\"line\nbreak\"", "'single'", "[1]x", "1e400",
        "-1E+999",
    ])
    func refusesInvalidJSON(_ text: String) {
        #expect(parse(text) == nil, "accepted \(text.debugDescription)")
    }

    @Test func refusesMoreThanJSONDecoderButNeverLess() {
        // JSONDecoder reads trailing commas; the fast path leaves them to it.
        for text in ["[1,]", #"{"a":1,}"#, "1e400"] {
            #expect(parse(text) == nil)
            #expect(decoderAccepts(Data(text.utf8)) || text == "1e400")
        }
    }

    @Test func refusesInvalidUTF8InsteadOfRepairingIt() {
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22]] {
            #expect(UntypedJSONParser.parseAsJSONDecoderWould(Data(bytes)) == nil)
            #expect((try? JSONDecoder().decode(String.self, from: Data(bytes))) == nil)
            // Untyped reading repairs it instead.
            #expect((try? UntypedJSON(parsing: Data(bytes)))?.stringValue?.contains("\u{FFFD}") == true)
        }
    }

    @Test func limitsNestingLikeJSONDecoder() {
        let deepest =
            String(repeating: "[", count: UntypedJSONParser.maximumDepth)
            + String(repeating: "]", count: UntypedJSONParser.maximumDepth)
        let tooDeep = "[" + deepest + "]"
        #expect(parse(deepest) != nil)
        #expect(parse(tooDeep) == nil)
    }

    @Test func keepsMemberOrderNumberTextAndFirstDuplicate() throws {
        let text = #"{"b":1,"a":9007199254740993,"c":1.50,"a":2}"#
        let tree = try #require(parse(text))
        #expect(tree.members?.map(\.key) == ["b", "a", "c", "a"])
        #expect(tree["a"] == .number("9007199254740993"))
        #expect(tree["c"] == .number("1.50"))
        struct Member: Decodable { var a: Int }
        let decoded = try JSONDecoder().decode(Member.self, from: Data(text.utf8))
        #expect(decoded.a == 9_007_199_254_740_993, "JSONDecoder's keyed containers read the first duplicate too")
    }

    @Test func decodesEscapesToTheSameText() throws {
        let text = #"["a\"b\\c\/d\u00e9\ud83c\udfd4\n"]"#
        let fast = try #require(parse(text)?.arrayValue?.first?.stringValue)
        let slow = try JSONDecoder().decode([String].self, from: Data(text.utf8)).first
        #expect(fast == slow)
        #expect(fast == "a\"b\\c/dé🏔\n")
    }
}
