import AEMHeadless
import Foundation
import Testing

@Suite("UntypedJSON: any answer, member order and numbers as sent")
struct UntypedJSONTests {
    @Test func keepsMemberOrderAndNumberText() throws {
        let text =
            #"{"zeta":1,"alpha":10,"mid":[1.50,-0,2e10,0.1000000000000000055511151231257827],"deep":{"b":true,"a":null}}"#
        let value = try UntypedJSON(parsing: text)
        #expect(value.members?.map(\.key) == ["zeta", "alpha", "mid", "deep"])
        #expect(value["alpha"] == .number("10"))
        #expect(value["mid"]?[0] == .number("1.50"))
        #expect(value.jsonText() == text)
        #expect(value["deep"]?["b"]?.boolValue == true)
        #expect(value["alpha"]?.intValue == 10)
    }

    @Test func printsIndentedWithTextAsItIs() throws {
        let value = try UntypedJSON(
            parsing:
                #"{"title":"Côte d’Azur \"cliffs\"\n","path":"/content/dam/a b.jpg","empty":[],"none":{},"tab":"\t\u0001"}"#
        )
        #expect(
            value.jsonText(.pretty) == """
                {
                  "title": "Côte d’Azur \\"cliffs\\"\\n",
                  "path": "/content/dam/a b.jpg",
                  "empty": [],
                  "none": {},
                  "tab": "\\t\\u0001"
                }
                """)
    }

    @Test func readsEscapesAndSurrogatePairs() throws {
        let value = try UntypedJSON(parsing: #"["\u00e9\ud83c\udfc4\/\\", "\ud800x"]"#)
        #expect(value[0]?.stringValue == "é🏄/\\")
        #expect(value[1]?.stringValue == "\u{FFFD}x")
    }

    @Test(arguments: [
        "", "{", "[1,]", "{\"a\" 1}", "01", "1.", "-", "tru", "\"a", "[1] 2", "{\"a\":1,}", "\"\u{01}\"", "NaN",
    ])
    func refusesWhatIsNotJSON(_ text: String) {
        #expect(throws: UntypedJSONError.self) { try UntypedJSON(parsing: text) }
    }

    @Test func limitsNesting() throws {
        #expect(throws: UntypedJSONError.self) { try UntypedJSON(parsing: String(repeating: "[", count: 100_000)) }
        let deepButFine = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(try UntypedJSON(parsing: deepButFine).jsonText() == deepButFine)
    }

    @Test func decodesAnyAnswerKeepingOrderThroughTheClient() throws {
        let aem = Aem(try AemConfiguration(scheme: .http, host: "127.0.0.1:1"), transport: NoTransport())
        let query = PersistedQuery<UntypedJSON>("my-site/articles")
        let body = Data(
            #"{"data":{"articleList":{"items":[{"title":"B","price":10,"ratio":0.30}]}},"errors":[{"message":"partly","path":["articleList","items",0,"author"]}]}"#
                .utf8)
        let result = try aem.decode(query, body: body)
        let item = try #require(result.data?["articleList"]?["items"]?[0])
        #expect(item.jsonText() == #"{"title":"B","price":10,"ratio":0.30}"#)
        #expect(result.errors.map(\.message) == ["partly"])
        #expect(result.errors.first?.path?.count == 4)

        let errorsOnly = try aem.decode(query, body: Data(#"{"data":null,"errors":[{"message":"no"}]}"#.utf8))
        #expect(errorsOnly.data == nil)
        #expect(errorsOnly.errors.count == 1)
        #expect(throws: AemError.self) { try aem.decode(query, body: Data("[1]".utf8)) }
        #expect(throws: AemError.self) { try aem.decode(query, body: Data(#"{"data": {"a": tru}}"#.utf8)) }
    }

    @Test func findsImageReferencesWithTheirFragments() throws {
        let answer = try UntypedJSON(
            parsing: """
                {"articleList": {"items": [
                  {"_path": "/content/dam/site/articles/summer", "slug": "summer",
                   "hero": {"_path": "/content/dam/site/summer.jpg", "_dynamicUrl": "/adobe/dynamicmedia/deliver/dm-aid--1/summer.jpg?width=320"},
                   "author": {"_path": "/content/dam/site/authors/olsen"},
                   "gallery": [{"_path": "/content/dam/site/g 1.png"}, {"__typename": "DocumentRef", "_path": "/content/dam/site/a.pdf"}]},
                  {"_path": "/content/dam/site/articles/winter", "hero": {"__typename": "ImageRef", "_path": "/content/dam/site/winter.jpg", "_dynamicUrl": null}}
                ]}, "_references": [{"_path": "/content/dam/site/loose.jpg", "mimeType": "image/jpeg"}]}
                """)
        let images = answer.referencedImages
        #expect(
            images.map(\.reference.location) == [
                "/adobe/dynamicmedia/deliver/dm-aid--1/summer.jpg?width=320", "/content/dam/site/g 1.png",
                "/content/dam/site/winter.jpg", "/content/dam/site/loose.jpg",
            ])
        #expect(images.map(\.ownerSlug) == ["summer", "summer", nil, nil])
        #expect(
            images.map(\.ownerPath) == [
                "/content/dam/site/articles/summer", "/content/dam/site/articles/summer",
                "/content/dam/site/articles/winter", nil,
            ])
        #expect(images.map(\.field) == ["hero", "gallery", "hero", "_references"])
    }
}
