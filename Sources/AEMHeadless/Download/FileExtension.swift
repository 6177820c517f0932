import Foundation

/// The extension a downloaded file is saved with: from the response's `Content-Type`, else from
/// the URL's path, else `bin`. Always 1 to 5 lower-case letters or digits.
public enum FileExtension {
    /// Image types and their usual extensions.
    static let byMediaType: [String: String] = [
        "image/jpeg": "jpg", "image/jpg": "jpg", "image/pjpeg": "jpg",
        "image/png": "png", "image/webp": "webp", "image/gif": "gif", "image/avif": "avif",
        "image/svg+xml": "svg", "image/tiff": "tif", "image/bmp": "bmp", "image/heic": "heic",
    ]

    /// The extension for a response with `contentType` (such as `image/jpeg; charset=binary`)
    /// fetched from `url`.
    public static func forResponse(contentType: String?, url: URL) -> String {
        if let contentType {
            let mediaType =
                contentType.split(separator: ";", maxSplits: 1).first
                .map { $0.trimmingWhiteSpace.lowercased() } ?? ""
            if let known = byMediaType[mediaType] { return known }
        }
        let fromPath = url.pathExtension.lowercased()
        if (1...5).contains(fromPath.count),
            fromPath.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) })
        {
            return fromPath == "jpeg" ? "jpg" : fromPath
        }
        return "bin"
    }
}
