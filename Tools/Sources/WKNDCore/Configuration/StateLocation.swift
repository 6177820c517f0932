import AEMHeadless
import Foundation

/// Where the emulator keeps what its author tier was given, so that a write lasts from one command to the next.
///
/// The folder is `WKND_STATE_DIR` when set; else `$XDG_STATE_HOME/wknd`; else `~/Library/Application Support/wknd`
/// on macOS and `~/.local/state/wknd` elsewhere. Each content package has a folder of its own in its `emulator`
/// folder, the built-in sample `emulator/sample`.
package struct StateLocation: Sendable, Equatable {
    package var folder: URL

    /// The state folder of the content at `contentPath` (a jcr_root folder; nil for the built-in sample).
    package init(contentPath: String?, environment: [String: String] = Environment.current) throws(Failure) {
        let root: URL
        if let directory = Self.nonEmpty(environment["WKND_STATE_DIR"]) {
            root = URL(fileURLWithPath: directory, isDirectory: true)
        } else if let xdg = Self.nonEmpty(environment["XDG_STATE_HOME"]), xdg.hasPrefix("/") {
            root = URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("wknd", isDirectory: true)
        } else if let home = Self.nonEmpty(environment["HOME"]) {
            #if os(macOS)
            root = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(
                "Library/Application Support/wknd", isDirectory: true)
            #else
            root = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(
                ".local/state/wknd", isDirectory: true)
            #endif
        } else {
            throw Failure(
                .configuration,
                "There is no folder for the emulator's author state: set WKND_STATE_DIR (or HOME), or give --state.")
        }
        let emulator = root.appendingPathComponent("emulator", isDirectory: true)
        guard let contentPath else {
            folder = emulator.appendingPathComponent("sample", isDirectory: true)
            return
        }
        let path = URL(fileURLWithPath: contentPath).standardizedFileURL.path
        let parts = path.split(separator: "/")
        let name = (parts.last == "jcr_root" ? parts.dropLast().last : parts.last).map(String.init) ?? "content"
        let safe = String(name.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == "-" })
        folder = emulator.appendingPathComponent(
            "\(safe.isEmpty ? "content" : safe)-\(Self.digest(path))", isDirectory: true)
    }

    /// A short, stable name for a path.
    private static func digest(_ text: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return String(hash, radix: 16)
    }

    private static func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }
}
