import Foundation
import Testing

@testable import AEMHeadless

/// Asset ids, SEO names, Dynamic Media with OpenAPI URLs and transformed `_dynamicUrl`s.
struct AssetDeliveryURLTests {
    private let uuid = "a38886f7-4537-4791-aa20-3f6ef0ac3fcd"

    @Test func assetIDsReadEveryForm() throws {
        for text in [
            "urn:aaid:aem:\(uuid)", "urn%3Aaaid%3Aaem%3A\(uuid)", "dm-aid--\(uuid)", uuid,
            "URN:AAID:AEM:\(uuid.uppercased())",
        ] {
            #expect(AssetID(text)?.uuid == uuid, "\(text)")
        }
        let id = try #require(AssetID(uuid))
        #expect(id.urn == "urn:aaid:aem:\(uuid)")
        #expect(id.dynamicMediaID == "dm-aid--\(uuid)")
        for text in ["", "urn:aaid:aem:", "dm-aid--not-hex!", "/content/dam/x.jpg", "urn:aaid:aem:\(uuid)/x"] {
            #expect(AssetID(text) == nil, "\(text)")
        }
        #expect(
            AssetID(deliveryURL: "/adobe/dynamicmedia/deliver/dm-aid--\(uuid)/x.jpg?width=1") == id)
        #expect(AssetID(deliveryURL: "https://h/adobe/assets/urn:aaid:aem:\(uuid)/as/x.webp") == id)
        #expect(AssetID(deliveryURL: "/content/dam/x.jpg") == nil)
    }

    @Test func seoNamesAreSafeFromAnyFileName() {
        #expect(SEOName(fileName: "Lofoten surf.jpg").rawValue == "Lofoten-surf")
        #expect(SEOName(fileName: "château ride.JPEG").rawValue == "chateau-ride")
        #expect(SEOName(fileName: "a/b?c#d.png").rawValue == "a-b-c-d")
        #expect(SEOName(fileName: "report.v2.pdf").rawValue == "report.v2")
        #expect(SEOName(fileName: "...").rawValue == "image")
        #expect(SEOName(fileName: "").rawValue == "image")
        #expect(SEOName("côte d’azur v1.2").rawValue == "cote-d-azur-v1.2")
    }

    @Test func deliveryURLsOnACloudTierAndACustomerDomain() throws {
        let id = try #require(AssetID(uuid))
        let cloud = AssetDeliveryURLs(
            origin: try AemOrigin.cloudService(program: "123", environment: "456", tier: .delivery))
        let transform = try ImageTransform(
            width: 800, quality: 70, format: .webp, crop: .percent(x: 0, y: 10, width: 100, height: 80))
        #expect(
            cloud.image(id, name: "Lofoten surf.jpg", transform: transform).absoluteString
                == "https://delivery-p123-e456.adobeaemcloud.com/adobe/assets/urn:aaid:aem:\(uuid)/as/Lofoten-surf.webp?crop=0p,10p,100p,80p&width=800&quality=70"
        )
        let brand = AssetDeliveryURLs(origin: try AemOrigin(scheme: .https, host: "assets.example.com"))
        let root = "https://assets.example.com/adobe/assets/urn:aaid:aem:\(uuid)"
        #expect(brand.image(id, name: "x.png").absoluteString == root + "/as/x.jpg")
        #expect(brand.negotiatedImage(id, name: "x.png").absoluteString == root + "/as/x")
        #expect(brand.original(id, name: "Report 2024.pdf").absoluteString == root + "/original/as/Report-2024")
        #expect(
            brand.rendition("cq5dam.web.1280.1280.jpeg", of: id, name: "x.jpg").absoluteString
                == root + "/renditions/cq5dam.web.1280.1280.jpeg/as/x")
        #expect(brand.metadata(id).absoluteString == root + "/metadata")
        #expect(
            brand.image(id, name: "x.jpg", transform: try ImageTransform(seoName: "summer sale")).absoluteString
                == root + "/as/summer-sale.jpg")
    }

    @Test func aDynamicURLTakesTheTransform() throws {
        let origin = try AemOrigin(scheme: .https, host: "publish-p1-e2.adobeaemcloud.com")
        let reference = ImageReference(
            path: "/content/dam/wknd/x.jpg",
            dynamicUrl:
                "/adobe/dynamicmedia/deliver/dm-aid--\(uuid)/adobestock_175749320.jpg?preferwebp=true&width=1000&quality=80"
        )
        let url = reference.url(on: origin, transform: try ImageTransform(width: 400, format: .webp))
        #expect(
            url?.absoluteString
                == "https://publish-p1-e2.adobeaemcloud.com/adobe/dynamicmedia/deliver/dm-aid--\(uuid)/adobestock_175749320.webp?preferwebp=true&quality=80&width=400"
        )
        let renamed = reference.url(on: origin, transform: try ImageTransform(rotation: .degrees90, seoName: "beach"))
        #expect(renamed?.path.hasSuffix("/beach.jpg") == true)
        #expect(renamed?.query?.contains("rotate=90") == true)
        #expect(reference.url(on: origin, transform: .defaults) == reference.url(on: origin))
        // With only a path there is no web-optimized delivery: the original.
        let pathOnly = ImageReference(path: "/content/dam/wknd/Lofoten surf.jpg")
        #expect(
            pathOnly.url(on: origin, transform: try ImageTransform(width: 10))?.absoluteString
                == "https://publish-p1-e2.adobeaemcloud.com/content/dam/wknd/Lofoten%20surf.jpg")
    }
}
