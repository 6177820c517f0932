import AEMHeadless
import Foundation
import Testing

@Suite("Image references resolve to absolute URLs")
struct ImageReferenceTests {
    private let host = "https://publish-p10101-e20202.adobeaemcloud.com"

    private func images() throws -> [String: ImageReference?] {
        let items = try #require(
            try RecordedFixture.listData("dynamic-url-null-and-empty.json")?.adventureList?.items)
        return Dictionary(uniqueKeysWithValues: items.map { ($0.slug ?? "", $0.primaryImage) })
    }

    private func resolved(_ slug: String) throws -> String? {
        let image = try #require(try images()[slug] ?? nil)
        return image.url(on: RecordedFixture.origin)?.absoluteString
    }

    @Test func nullDynamicUrlFallsBackToPath() throws {
        #expect(
            try resolved("kyoto-dawn-temple-run")
                == host + "/content/dam/wknd-shared/en/adventures/kyoto-dawn-temple-run/kyoto-dawn-temple-run.jpg")
    }

    @Test func emptyDynamicUrlFallsBackToPathEncodingSpacesAndNonASCII() throws {
        #expect(
            try resolved("cote-azur-sea-cliffs")
                == host + "/content/dam/wknd-shared/en/adventures/c%C3%B4te%20d%E2%80%99azur/Falaise%20au%20soleil.jpg")
    }

    @Test func blankDynamicUrlFallsBackToPath() throws {
        #expect(
            try resolved("lisbon-longboard-loop")
                == host + "/content/dam/wknd-shared/en/adventures/lisbon-longboard-loop/lisbon-longboard-loop.jpg")
    }

    @Test func relativeDynamicUrlKeepsItsQueryString() throws {
        let image = try #require(try images()["hokkaido-powder-week"] ?? nil)
        let dynamic = try #require(image.dynamicUrl)
        #expect(dynamic.hasSuffix("/hokkaido-powder-week.jpg?quality=80&preferwebp=true&width=1200"))
        let url = try #require(image.url(on: RecordedFixture.origin))
        #expect(url.absoluteString == host + dynamic)
        #expect(url.query == "quality=80&preferwebp=true&width=1200")
    }

    @Test func absoluteDynamicUrlIsUsedAsItIs() throws {
        let image = try #require(try images()["patagonia-glacier-trek"] ?? nil)
        let url = try #require(image.url(on: RecordedFixture.origin))
        #expect(
            url.absoluteString
                == "https://delivery-p10101-e20202.adobeaemcloud.com/adobe/dynamicmedia/deliver/dm-aid--0c9e4d1a-2b3f-4a5e-9d8c-7b6a5f4e3d2c/patagonia-glacier-trek.webp?width=800&quality=70"
        )
        #expect(!RecordedFixture.origin.contains(url), "another host: no credentials for it")
    }

    @Test func alreadyEncodedEscapesAreNotEncodedAgain() throws {
        #expect(
            try resolved("mallorca-cycling-camp")
                == host + "/content/dam/wknd-shared/en/adventures/mallorca%20cycling/Sa%20Calobra%20climb.jpg")
    }

    @Test func noPathAndNoDynamicUrlHasNoURL() throws {
        let image = try #require(try images()["montreal-bouldering-social"] ?? nil)
        #expect(image.location == nil)
        #expect(image.url(on: RecordedFixture.origin) == nil)
    }

    @Test func listImagesPreferTheDynamicUrl() throws {
        let adventures = try #require(
            try RecordedFixture.listData("adventures-all.json")?.adventureList?.items)
        for adventure in adventures {
            let image = try #require(adventure.primaryImage)
            let expected = host + (image.dynamicUrl ?? image.path ?? "")
            #expect(image.url(on: RecordedFixture.origin)?.absoluteString == expected)
        }
    }

    @Test(arguments: [
        // Relative values on the origin, with its port and scheme.
        ("/content/dam/a/b.jpg", "http://localhost:4503/content/dam/a/b.jpg"),
        ("content/dam/a/b.jpg", "http://localhost:4503/content/dam/a/b.jpg"),
        ("/content/dam/été 2024/Ça va.jpg", "http://localhost:4503/content/dam/%C3%A9t%C3%A9%202024/%C3%87a%20va.jpg"),
        ("/content/dam/a%20b c.jpg", "http://localhost:4503/content/dam/a%20b%20c.jpg"),
        ("/content/dam/x\u{00A0}y.jpg", "http://localhost:4503/content/dam/x%C2%A0y.jpg"),
        (
            "/adobe/dynamicmedia/deliver/dm-aid--1/x.jpg?width=600&quality=80",
            "http://localhost:4503/adobe/dynamicmedia/deliver/dm-aid--1/x.jpg?width=600&quality=80"
        ),
        // Absolute values on any host, made safe but otherwise unchanged.
        ("https://cdn.example.com/images/a.jpg?v=2", "https://cdn.example.com/images/a.jpg?v=2"),
        ("HTTPS://cdn.example.com/a%20b.jpg", "HTTPS://cdn.example.com/a%20b.jpg"),
        (
            "https://cdn.example.com/images/été 2024.jpg?tag=a b",
            "https://cdn.example.com/images/%C3%A9t%C3%A9%202024.jpg?tag=a%20b"
        ),
        ("http://cdn.example.com:8080/x.jpg", "http://cdn.example.com:8080/x.jpg"),
        ("//cdn.example.com/x.jpg", "http://cdn.example.com/x.jpg"),
    ])
    func resolution(value: String, expected: String) throws {
        let origin = try AemOrigin(scheme: .http, host: "localhost:4503")
        #expect(ImageReference(path: value).url(on: origin)?.absoluteString == expected)
        #expect(ImageReference(path: "/ignored.jpg", dynamicUrl: value).url(on: origin)?.absoluteString == expected)
        // The resolver for a value kept without its reference (the mirror's image locations).
        #expect(ImageReference(path: " \(value)\n").url(on: origin)?.absoluteString == expected)
    }

    @Test(arguments: [
        "data:image/png;base64,iVBORw0KGgo=", "ftp://files.example.com/x.jpg", "javascript:alert(1)", "https://", "   ",
    ])
    func valuesThatAreNotHTTPImagesHaveNoURL(value: String) {
        #expect(ImageReference(path: value).url(on: RecordedFixture.origin) == nil)
        #expect(ImageReference(path: value).url(on: RecordedFixture.origin) == nil)
    }

    @Test func resolvingTwiceEncodesOnce() throws {
        let first = try #require(
            ImageReference(path: "/content/dam/côte d’azur/a b.jpg?x=é").url(on: RecordedFixture.origin))
        let second = try #require(ImageReference(path: first.absoluteString).url(on: RecordedFixture.origin))
        #expect(second == first)
        #expect(first.absoluteString == host + "/content/dam/c%C3%B4te%20d%E2%80%99azur/a%20b.jpg?x=%C3%A9")
    }

    @Test func decodingIsLenient() throws {
        let json =
            #"{"_path": "/content/dam/x.jpg", "_dynamicUrl": null, "width": "1200", "height": 800.0, "mimeType": 3, "__typename": "ImageRef", "extra": true}"#
        let image = try JSONDecoder().decode(ImageReference.self, from: Data(json.utf8))
        #expect(image == ImageReference(path: "/content/dam/x.jpg", width: 1200, height: 800))
    }
}
