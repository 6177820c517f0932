import AEMHeadless
import AEMWireFormats
import Foundation

/// The extension a downloaded file is saved with: from the bytes received when they start like a
/// known image or document format, else from the response's `Content-Type`, else from the URL's
/// path, else `bin`. Always 1 to 5 lower-case letters or digits.
public enum FileExtension {
    /// The extension for a file whose first bytes are `leadingBytes` (16 are enough), fetched with
    /// `contentType` from `url`: the bytes' own format first, so a server's label can never name
    /// the file wrongly.
    public static func forFile(leadingBytes: some Collection<UInt8>, contentType: String?, url: URL) -> String {
        forContent(Array(leadingBytes.prefix(16))) ?? forResponse(contentType: contentType, url: url)
    }

    /// The format that `bytes` (a file's first 16) start like, by its magic number; nil when none
    /// is known.
    static func forContent(_ bytes: [UInt8]) -> String? {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        let ascii = { (text: String) in Array(text.utf8) }
        if starts([0xFF, 0xD8, 0xFF]) { return "jpg" }
        if starts([0x89] + ascii("PNG\r\n\u{1A}\n")) { return "png" }
        if starts(ascii("GIF87a")) || starts(ascii("GIF89a")) { return "gif" }
        if starts(ascii("RIFF")), starts(ascii("WEBP"), at: 8) { return "webp" }
        if starts(ascii("ftypavif"), at: 4) || starts(ascii("ftypavis"), at: 4) { return "avif" }
        if starts(ascii("ftypheic"), at: 4) || starts(ascii("ftypmif1"), at: 4) { return "heic" }
        if starts(ascii("%PDF-")) { return "pdf" }
        if starts(ascii("II*\u{0}")) || starts(ascii("MM\u{0}*")) { return "tif" }
        return nil
    }

    /// The extension for a response with `contentType` (such as `image/jpeg; charset=binary`)
    /// fetched from `url`.
    public static func forResponse(contentType: String?, url: URL) -> String {
        if let known = contentType.flatMap(MediaTypes.fileExtension(ofType:)) { return known }
        let fromPath = url.pathExtension.lowercased()
        if (1...5).contains(fromPath.count),
            fromPath.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) })
        {
            return fromPath == "jpeg" ? "jpg" : fromPath
        }
        return "bin"
    }
}
