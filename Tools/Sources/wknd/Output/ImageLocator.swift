import AEMHeadless
import Foundation
import WKNDCore

/// Where the images of an answer are shown from: their URLs on the service, or for an answer read from a mirror
/// (`--store`), the folder's files where it has them.
struct ImageLocator: Sendable {
    /// What relative image paths resolve against.
    var origin: AemOrigin
    /// The local file of an image, for a mirror.
    var file: (@Sendable (ImageReference) -> URL?)?

    init(origin: AemOrigin, file: (@Sendable (ImageReference) -> URL?)? = nil) {
        self.origin = origin
        self.file = file
    }

    func url(for image: ImageReference) -> URL? {
        file?(image) ?? image.url(on: origin)
    }

    /// The URL of a DAM path, such as an asset inside rich text.
    func url(forPath path: String) -> URL? {
        file?(ImageReference(path: path)) ?? ImageReference(path: path).url(on: origin)
    }
}
