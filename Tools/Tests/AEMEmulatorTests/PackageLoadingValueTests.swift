import Foundation
import Testing

@testable import AEMEmulator

/// Docview property text becomes typed values, and FileVault's escaped names become repository names.
struct PackageLoadingValueTests {
    @Test func typePrefixes() {
        #expect(JCRValue(docView: "plain text") == .string("plain text"))
        #expect(JCRValue(docView: "{String}{Long}7") == .string("{Long}7"))
        #expect(JCRValue(docView: "{Long}6") == .long(6))
        #expect(JCRValue(docView: "{Long}-42") == .long(-42))
        #expect(JCRValue(docView: "{Double}5000.00") == .double(5000))
        #expect(JCRValue(docView: "{Decimal}17.77777862548828") == .double(17.77777862548828))
        #expect(JCRValue(docView: "{Boolean}true") == .boolean(true))
        #expect(JCRValue(docView: "{Boolean}false") == .boolean(false))
        #expect(JCRValue(docView: "{Name}cq:Page") == .string("cq:Page"))
        #expect(JCRValue(docView: "{Path}/content/dam/a b") == .string("/content/dam/a b"))
        #expect(JCRValue(docView: "{Binary}") == nil)
        #expect(JCRValue(docView: "") == .string(""))
    }

    @Test func unknownTypesAndUnreadableValuesStayText() {
        #expect(JCRValue(docView: "{\"wordCount\": 3}") == .string("{\"wordCount\": 3}"))
        #expect(JCRValue(docView: "{Long}many") == .string("many"))
        #expect(JCRValue(docView: "{Date}yesterday") == .string("yesterday"))
    }

    @Test func escapedSingleValues() {
        #expect(JCRValue(docView: "\\{\"a\": [1]}") == .string("{\"a\": [1]}"))
        #expect(JCRValue(docView: "\\[not a list]") == .string("[not a list]"))
        #expect(JCRValue(docView: "^[a-z0-9\\\\-_]{5,40}$") == .string("^[a-z0-9\\-_]{5,40}$"))
    }

    @Test func multiValues() {
        #expect(JCRValue(docView: "[a,b,c]") == .array([.string("a"), .string("b"), .string("c")]))
        #expect(JCRValue(docView: "[]") == .array([]))
        #expect(JCRValue(docView: "[one]") == .array([.string("one")]))
        #expect(JCRValue(docView: "[food,markets\\, stalls]") == .array([.string("food"), .string("markets, stalls")]))
        #expect(JCRValue(docView: "[back\\\\slash,x]") == .array([.string("back\\slash"), .string("x")]))
        #expect(JCRValue(docView: "[,]") == .array([.string(""), .string("")]))
        #expect(JCRValue(docView: "{Long}[10030,9019]") == .array([.long(10030), .long(9019)]))
        #expect(JCRValue(docView: "{Boolean}[true,false]") == .array([.boolean(true), .boolean(false)]))
    }

    @Test func datesWithOffsetsAndFractions() throws {
        let value = try #require(JCRValue(docView: "{Date}2022-06-02T11:19:41.017-07:00"))
        guard case .date(let date, let text) = value else {
            Issue.record("not a date: \(value)")
            return
        }
        #expect(text == "2022-06-02T11:19:41.017-07:00")
        #expect(abs(date.timeIntervalSince1970 - 1_654_193_981.017) < 0.0005)
        #expect(
            DocViewDate.parse("2022-08-12T17:03:12.187Z").map {
                abs($0.timeIntervalSince1970 - 1_660_323_792.187) < 0.0005
            } == true)
        #expect(DocViewDate.parse("2024-02-10T12:00:00+01:00")?.timeIntervalSince1970 == 1_707_562_800)
        #expect(DocViewDate.parse("2024-02-29T00:00:00.000Z")?.timeIntervalSince1970 == 1_709_164_800)
        #expect(DocViewDate.parse("1969-12-31T23:59:59Z")?.timeIntervalSince1970 == -1)
        for invalid in [
            "2024-02-10", "2024-02-10T12:00:00", "2024-13-01T00:00:00Z", "2024-02-10T12:00:00.Z",
            "2024-02-10T12:00:00Zjunk", "",
        ] {
            #expect(DocViewDate.parse(invalid) == nil, "\(invalid)")
        }
    }

    @Test func fileNamesBecomeRepositoryNames() {
        #expect(PlatformName.repositoryName(fileName: "_jcr_content") == "jcr:content")
        #expect(PlatformName.repositoryName(fileName: "_cq_dialog") == "cq:dialog")
        #expect(PlatformName.repositoryName(fileName: "_jcr_data") == "jcr:data")
        #expect(PlatformName.repositoryName(fileName: "__private") == "_private")
        #expect(PlatformName.repositoryName(fileName: "Lofoten surf.jpg") == "Lofoten surf.jpg")
        #expect(PlatformName.repositoryName(fileName: "château ride.jpg") == "château ride.jpg")
        #expect(PlatformName.repositoryName(fileName: "a%2ab") == "a*b")
        #expect(PlatformName.repositoryName(fileName: "plain_name") == "plain_name")
        #expect(PlatformName.repositoryName(fileName: "_trailing_") == "_trailing_")
    }

    @Test func iso9075NamesAreDecoded() {
        #expect(PlatformName.iso9075Decoded("description_x0040_ContentType") == "description@ContentType")
        #expect(PlatformName.iso9075Decoded("_x0031_653589924762") == "1653589924762")
        #expect(PlatformName.iso9075Decoded("a_x0020_b_x00e9_") == "a bé")
        #expect(PlatformName.iso9075Decoded("no_xescape_here") == "no_xescape_here")
        #expect(PlatformName.iso9075Decoded("jcr:content") == "jcr:content")
    }

    @Test func stableUUIDsDependOnlyOnThePath() {
        let uuid = StableUUID.forPath("/content/dam/a/b.png")
        #expect(uuid == StableUUID.forPath("/content/dam/a/b.png"))
        #expect(uuid != StableUUID.forPath("/content/dam/a/c.png"))
        #expect(UUID(uuidString: uuid) != nil)
        #expect(Array(uuid)[14] == "8")
    }
}
