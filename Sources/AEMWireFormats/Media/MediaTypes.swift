/// The media types of the files AEM holds and delivers, and their usual file extensions: one table for the client
/// (what a downloaded file or a rich-text image is) and the emulator (what a package's asset is).
public enum MediaTypes {
    /// Each type with its extensions, the usual one first.
    private static let table: [(type: String, extensions: [String])] = [
        ("image/jpeg", ["jpg", "jpeg"]),
        ("image/png", ["png"]),
        ("image/gif", ["gif"]),
        ("image/webp", ["webp"]),
        ("image/svg+xml", ["svg"]),
        ("image/avif", ["avif"]),
        ("image/tiff", ["tif", "tiff"]),
        ("image/bmp", ["bmp"]),
        ("image/heic", ["heic"]),
        ("application/pdf", ["pdf"]),
        ("video/mp4", ["mp4"]),
        ("text/plain", ["txt"]),
        ("application/zip", ["zip"]),
    ]

    /// Other names some servers give a type.
    private static let aliases = ["image/jpg": "image/jpeg", "image/pjpeg": "image/jpeg"]

    private static let typeByExtension: [String: String] = Dictionary(
        table.flatMap { entry in entry.extensions.map { ($0, entry.type) } }, uniquingKeysWith: { first, _ in first })

    private static let extensionByType: [String: String] = Dictionary(
        table.compactMap { entry in entry.extensions.first.map { (entry.type, $0) } },
        uniquingKeysWith: { first, _ in first })

    /// The type a file extension names, ignoring case (`JPEG` → `image/jpeg`); nil for one not in the table.
    public static func type(ofExtension fileExtension: some StringProtocol) -> String? {
        typeByExtension[fileExtension.lowercased()]
    }

    /// The type the extension of a path's last segment names (a query or fragment ignored); nil when it has none
    /// or one not in the table.
    public static func type(ofPath path: some StringProtocol) -> String? {
        let clean = path.prefix { $0 != "?" && $0 != "#" }
        guard let name = clean.split(separator: "/").last, let dot = name.lastIndex(of: ".") else { return nil }
        return type(ofExtension: name[name.index(after: dot)...])
    }

    /// The usual extension of a media type, ignoring case and parameters (`image/JPEG; q=1` → `jpg`); nil for one
    /// not in the table.
    public static func fileExtension(ofType mediaType: some StringProtocol) -> String? {
        let bare = mediaType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let lowered = String(bare.filter { !$0.isWhitespace }).lowercased()
        return extensionByType[aliases[lowered] ?? lowered]
    }
}
