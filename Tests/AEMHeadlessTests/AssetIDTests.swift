import Testing

@testable import AEMHeadless

/// `AssetID`: every written form to the same id and back, ids read from delivery URLs, and what is not an id.
struct AssetIDTests {
    private let uuid = "a38886f7-4537-4791-aa20-3f6ef0ac3fcd"

    @Test func everyFormRoundTrips() throws {
        let id = try #require(AssetID(uuid))
        for form in [id.urn, id.dynamicMediaID, id.uuid, id.description] {
            #expect(AssetID(form) == id, "\(form)")
        }
        #expect(AssetID("urn%3aaaid%3aaem%3a\(uuid)") == id)
        #expect(AssetID("DM-AID--\(uuid.uppercased())")?.dynamicMediaID == "dm-aid--\(uuid)")
    }

    @Test func idsComeFromDeliveryURLs() throws {
        let id = try #require(AssetID(uuid))
        let urls = [
            "/adobe/dynamicmedia/deliver/dm-aid--\(uuid)/adobestock_175749320.jpg?preferwebp=true&width=1000",
            "https://publish-p1-e2.adobeaemcloud.com/adobe/dynamicmedia/deliver/dm-aid--\(uuid)/x.jpg",
            "https://assets.example.com/adobe/assets/urn%3Aaaid%3Aaem%3A\(uuid)/renditions/original/as/x.pdf",
            "/adobe/assets/deliver/urn:aaid:aem:\(uuid)/x",
            "/adobe/assets/urn:aaid:aem:\(uuid)/metadata#top",
        ]
        for url in urls {
            #expect(AssetID(deliveryURL: url) == id, "\(url)")
        }
    }

    @Test func anythingButAUUIDShapedTokenIsRefused() {
        let texts = [
            "", "   ", "urn:aaid:aem:", "dm-aid--", "--------", "abc", "a38886f7-4537-4791-aa20-3f6ef0ac3fcg",
            "\(uuid) ", "dm-aid--\(uuid)/x.jpg", "urn:aaid:sc:US:\(uuid)", "urn:aaid:aem:\(uuid)?width=1",
            String(repeating: "a", count: 65),
            // Fullwidth letters are hex digits to Unicode, but not in an id.
            "ａ38886f7-4537-4791-aa20-3f6ef0ac3fcd",
        ]
        for text in texts {
            #expect(AssetID(text) == nil, "\(text)")
        }
        let urls = [
            "/content/dam/wknd/x.jpg", "/adobe/dynamicmedia/deliver/", "/adobe/dynamicmedia/deliver/x/y.jpg",
            "/adobe/assets/urn:aaid:aem:not-hex!/as/x.jpg", "https://h/x?u=/adobe/assets/urn:aaid:aem:\(uuid)/x",
        ]
        for url in urls {
            #expect(AssetID(deliveryURL: url) == nil, "\(url)")
        }
    }
}
