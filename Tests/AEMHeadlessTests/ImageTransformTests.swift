import Foundation
import Testing

@testable import AEMHeadless

/// `ImageTransform`: validation when made, the parsers the command line uses, the URL modifiers in AEM's order, and
/// the GraphQL `AssetTransform` input.
struct ImageTransformTests {
    @Test func badValuesAreRefusedWithOneLine() {
        let cases: [(() throws -> ImageTransform, String)] = [
            ({ try ImageTransform(width: 0) }, "width must be at least 1 pixel (got 0)"),
            ({ try ImageTransform(height: -3) }, "height must be at least 1 pixel (got -3)"),
            ({ try ImageTransform(quality: 101) }, "quality must be 1–100 (got 101)"),
            ({ try ImageTransform(quality: 0) }, "quality must be 1–100 (got 0)"),
            (
                { try ImageTransform(crop: .percent(x: 60, y: 0, width: 50, height: 10)) },
                "crop must stay inside the image"
            ),
            ({ try ImageTransform(crop: .pixels(x: -1, y: 0, width: 5, height: 5)) }, "crop x and y must be 0 or more"),
            ({ try ImageTransform(crop: .pixels(x: 0, y: 0, width: 0, height: 5)) }, "crop width and height"),
            ({ try ImageTransform(crop: .percent(x: 1.234, y: 0, width: 5, height: 5)) }, "two decimals"),
            ({ try ImageTransform(smartCrop: "two words") }, "smart-crop must name a profile"),
            ({ try ImageTransform(rotation: ImageRotation(degrees: 45)) }, "rotate must be 90, 180 or 270 (got 45)"),
            ({ try ImageTransform(flip: ImageFlip(parsing: "diagonal")) }, "flip must be h, v or hv"),
            ({ try ImageTransform(crop: ImageCrop(parsing: "1,2,3")) }, "crop must be x,y,width,height"),
        ]
        for (make, message) in cases {
            #expect {
                _ = try make()
            } throws: { error in
                let text = (error as? ImageTransformError)?.message ?? ""
                return text.contains(message) && !text.contains("\n")
            }
        }
    }

    @Test func parsersReadWhatPeopleType() throws {
        #expect(try ImageCrop(parsing: "10,20,300,200") == .pixels(x: 10, y: 20, width: 300, height: 200))
        #expect(try ImageCrop(parsing: "10p, 10p, 50.5p, 25p") == .percent(x: 10, y: 10, width: 50.5, height: 25))
        #expect(try ImageCrop(parsing: "10p,10p,50.25p,25p").description == "10p,10p,50.25p,25p")
        #expect(try ImageFlip(parsing: "horizontal") == .horizontal)
        #expect(try ImageFlip(parsing: "HV") == .both)
        #expect(try ImageRotation(degrees: 270).graphQLName == "R270")
        #expect(ImageFormat(name: "JPEG") == .jpg)
        #expect(ImageFormat(name: "WEBPLL") == .webpll)
        #expect(ImageFormat(name: "tiff") == nil)
        #expect(ImageFormat.png8.graphQLName == "PNG8")
    }

    @Test func modifiersFollowAEMsOrderWhateverWasGiven() throws {
        let transform = try ImageTransform(
            width: 400, height: 300, quality: 70, format: .webp, crop: .percent(x: 10, y: 10, width: 50, height: 50),
            rotation: .degrees90, flip: .horizontal, smartCrop: "Landscape")
        #expect(
            transform.urlModifiers.map { "\($0.name)=\($0.value ?? "")" } == [
                "rotate=90", "crop=10p,10p,50p,50p", "flip=h", "height=300", "width=400", "quality=70",
                "smartcrop=Landscape",
            ])
        // preferwebp only when set.
        #expect(!transform.urlModifiers.contains { $0.name == "preferwebp" })
        #expect(try ImageTransform(preferWebp: false).urlModifiers.map(\.name) == ["preferwebp"])
        #expect(ImageTransform.defaults.isEmpty)
        #expect(ImageTransform().urlModifiers.isEmpty)
    }

    @Test func theGraphQLInputCarriesWhatGraphQLCanExpress() throws {
        let transform = try ImageTransform(
            width: 400, height: 300, quality: 70, format: .webp, crop: .pixels(x: 1, y: 2, width: 30, height: 40),
            rotation: .degrees180, flip: .both, seoName: "Côte d’Azur")
        let expected: UntypedJSON = [
            "format": "WEBP", "seoName": "Cote-d-Azur",
            "crop": ["xOrigin": 1, "yOrigin": 2, "width": 30, "height": 40],
            "size": ["width": 400, "height": 300],
            "rotation": "R180", "flip": "HORIZONTAL_AND_VERTICAL", "quality": 70,
        ]
        #expect(transform.assetTransformInput == expected)
        #expect(transform.modifiersOutsideAssetTransform.isEmpty)
        let outside = try ImageTransform(
            height: 200, crop: .percent(x: 0, y: 0, width: 50, height: 50), smartCrop: "Square")
        #expect(outside.assetTransformInput == nil)
        #expect(outside.modifiersOutsideAssetTransform.map(\.name) == ["crop", "height", "smartcrop"])
        #expect(ImageTransform.defaults.assetTransformInput == nil)
    }
}
