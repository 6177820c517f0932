import AEMHeadless
import Foundation
import Testing

/// `ImageTransform` at its edges: every format's two spellings, crops at their limits, SEO names from awkward file
/// names, and transforms on `_dynamicUrl`s of other shapes.
struct ImageTransformEdgeCaseTests {
    private let uuid = "a38886f7-4537-4791-aa20-3f6ef0ac3fcd"

    @Test func everyFormatHasAnExtensionAndAGraphQLName() {
        for format in ImageFormat.allCases {
            #expect(format.fileExtension == format.fileExtension.lowercased())
            #expect(format.graphQLName == format.fileExtension.uppercased())
            #expect(ImageFormat(name: format.graphQLName) == format)
            #expect(ImageFormat(name: format.fileExtension) == format)
        }
        #expect(ImageFormat(name: "Jpeg") == .jpg)
        for name in ["", " jpg", "jpe", "avif", "image/jpeg"] {
            #expect(ImageFormat(name: name) == nil, "\(name)")
        }
    }

    @Test func cropsAtTheirLimits() throws {
        #expect(try ImageCrop(parsing: "0p,0p,100p,100p") == .percent(x: 0, y: 0, width: 100, height: 100))
        #expect(try ImageCrop(parsing: "33.33p,0p,66.67p,100p").description == "33.33p,0p,66.67p,100p")
        #expect(try ImageCrop(parsing: "0,0,1,1").description == "0,0,1,1")
        let refused = [
            "10p,10,50p,50p", "10.5,1,2,3", "1.005p,0p,5p,5p", "-1p,0p,5p,5p", "0p,0p,0p,5p", "50p,0p,50.01p,5p",
            "0p,101p,1p,1p", "a,b,c,d", "1,2,3,4,5", "", "1e1p,0p,5p,5p",
        ]
        for text in refused {
            #expect(throws: ImageTransformError.self, "\(text)") { try ImageCrop(parsing: text) }
        }
    }

    @Test func seoNamesFromAwkwardFileNames() throws {
        let names = [
            "Lofoten surf  trip.jpg": "Lofoten-surf-trip",
            "Müller Straße.jpg": "Muller-Strasse",
            "Æsir øl.png": "Aesir-ol",
            "Łódź.jpg": "Lodz",
            "naïve café – menu.JPG": "naive-cafe-menu",
            "tab\there.gif": "tab-here",
            "100% pure.jpg": "100-pure",
            "Ａｂｃ.jpg": "Abc",
            "archive.tar.gz": "archive.tar",
            ".hidden": "hidden",
            "北京.jpg": "image",
            "北京 2024.png": "2024",
            " .jpg": "image",
        ]
        for (fileName, expected) in names {
            let name = SEOName(fileName: fileName).rawValue
            #expect(name == expected, "\(fileName)")
            #expect(name.range(of: #"^[.\w-]+$"#, options: .regularExpression) != nil, "\(fileName)")
        }
        #expect(try ImageTransform(seoName: "").seoName == "image")
    }

    @Test func transformsOnOtherDynamicURLs() throws {
        let origin = try AemOrigin(scheme: .https, host: "publish-p1-e2.adobeaemcloud.com")
        let path = "/adobe/dynamicmedia/deliver/dm-aid--\(uuid)"

        // No query yet, and commas kept in the crop.
        let bare = ImageReference(path: "/content/dam/x.jpg", dynamicUrl: path + "/x.jpg")
        let crop = try ImageTransform(crop: ImageCrop(parsing: "10p,10p,50p,50p"))
        #expect(
            bare.url(on: origin, transform: crop)?.absoluteString
                == "https://publish-p1-e2.adobeaemcloud.com\(path)/x.jpg?crop=10p,10p,50p,50p")

        // An absolute `_dynamicUrl` stays on its own host; every same-named modifier is replaced.
        let absolute = ImageReference(
            path: nil, dynamicUrl: "https://cdn.example.com\(path)/x.jpg?width=10&width=20&quality=80")
        #expect(
            absolute.url(on: origin, transform: try ImageTransform(width: 300, format: .png))?.absoluteString
                == "https://cdn.example.com\(path)/x.png?quality=80&width=300")

        // A name with escapes is replaced whole by the SEO name.
        let escaped = ImageReference(path: nil, dynamicUrl: path + "/Lofoten%20surf.jpg?preferwebp=true")
        let renamed = try #require(
            escaped.url(on: origin, transform: try ImageTransform(preferWebp: false, seoName: "Über Größe")))
        #expect(renamed.absoluteString.hasSuffix("\(path)/Uber-Grosse.jpg?preferwebp=false"))
    }
}
