import AEMHeadless
import ArgumentParser
import WKNDCore

/// `--width`, `--height`, `--quality`, `--format`, `--crop`, `--rotate`, `--flip` and `--smart-crop`: how AEM should
/// render images, checked before any request (a bad value is a usage error, exit 64).
struct ImageTransformOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The image width in pixels; the aspect ratio is kept.", valueName: "pixels"))
    var width: Int?

    @Option(
        help: ArgumentHelp("The image height in pixels; with --width the image fits inside both.", valueName: "pixels"))
    var height: Int?

    @Option(help: ArgumentHelp("The quality of lossy formats, 1-100.", valueName: "n"))
    var quality: Int?

    @Option(
        help: ArgumentHelp(
            "The format (p: progressive, b: baseline, 8: 256 colours, ll: lossless, ly: lossy).", valueName: "format"))
    var format: ImageFormat?

    @Option(
        help: ArgumentHelp(
            "The region kept, in source pixels (x,y,width,height) or percent (10p,10p,50p,50p).", valueName: "region"))
    var crop: String?

    @Option(help: ArgumentHelp("Turn clockwise by 90, 180 or 270 degrees.", valueName: "degrees"))
    var rotate: Int?

    @Option(help: ArgumentHelp("Mirror: h (left to right), v (top to bottom) or hv.", valueName: "h|v|hv"))
    var flip: String?

    @Option(
        help: ArgumentHelp("A smart-crop profile of the asset (Dynamic Media), such as Landscape.", valueName: "name"))
    var smartCrop: String?

    /// Whether any option was given.
    var isSet: Bool {
        width != nil || height != nil || quality != nil || format != nil || crop != nil || rotate != nil || flip != nil
            || smartCrop != nil
    }

    func validate() throws {
        _ = try transform()
    }

    /// The transform the options name.
    /// - Throws: `ValidationError` naming the bad value.
    func transform() throws -> ImageTransform {
        do throws(ImageTransformError) {
            var region: ImageCrop?
            if let crop { region = try ImageCrop(parsing: crop) }
            var rotation: ImageRotation?
            if let rotate { rotation = try ImageRotation(degrees: rotate) }
            var mirror: ImageFlip?
            if let flip { mirror = try ImageFlip(parsing: flip) }
            return try ImageTransform(
                width: width, height: height, quality: quality, format: format, crop: region, rotation: rotation,
                flip: mirror, smartCrop: smartCrop)
        } catch {
            throw ValidationError("--" + error.message)
        }
    }
}

// The libraries' type, read from the command line by the tools' parser: both packages are this repository's.
// swift-format-ignore: AvoidRetroactiveConformances
extension ImageFormat: @retroactive ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
}
