import Foundation

/// Where `wknd` keeps its response cache, and how large it may grow.
///
/// The folder is `WKND_CACHE_DIR` when set; else `$XDG_CACHE_HOME/wknd`; else
/// `~/Library/Caches/wknd` on macOS and `~/.cache/wknd` elsewhere. The size limit is
/// `WKND_CACHE_MAX_MIB` mebibytes when set, else 256.
package struct CacheLocation: Sendable, Equatable {
    package var fileURL: URL
    package var maxBytes: Int

    /// The name of the database file in the folder.
    package static let fileName = "responses.sqlite"

    package init(environment: [String: String] = Environment.current) throws(Failure) {
        let folder: URL
        if let directory = Self.nonEmpty(environment["WKND_CACHE_DIR"]) {
            folder = URL(fileURLWithPath: directory, isDirectory: true)
        } else if let xdg = Self.nonEmpty(environment["XDG_CACHE_HOME"]), xdg.hasPrefix("/") {
            folder = URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("wknd", isDirectory: true)
        } else if let home = Self.nonEmpty(environment["HOME"]) {
            #if os(macOS)
            folder = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(
                "Library/Caches/wknd", isDirectory: true)
            #else
            folder = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(
                ".cache/wknd", isDirectory: true)
            #endif
        } else {
            throw Failure(
                .configuration,
                "There is no folder for the response cache: set WKND_CACHE_DIR (or HOME), or use --no-cache.")
        }
        fileURL = folder.appendingPathComponent(Self.fileName)
        if let text = environment["WKND_CACHE_MAX_MIB"] {
            guard let mebibytes = Int(text.trimmingCharacters(in: .whitespaces)), (1...1_048_576).contains(mebibytes)
            else {
                throw Failure(
                    .configuration,
                    "WKND_CACHE_MAX_MIB \"\(text)\" must be a whole number of mebibytes from 1 to 1048576.")
            }
            maxBytes = mebibytes << 20
        } else {
            maxBytes = 256 << 20
        }
    }

    private static func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }
}
