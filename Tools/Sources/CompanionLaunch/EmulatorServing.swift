import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What an emulator serving from a state folder says of itself in that folder (`serving.json`), so that a `wknd`
/// command with no AEM configured uses the emulator already running for the built-in sample (`wknd serve`, or
/// another command's) rather than start one of its own: one author tier, one event journal, whichever command
/// wrote.
package struct EmulatorServing: Codable, Sendable, Equatable {
    /// The publish origin.
    package var publish: URL
    /// The author origin.
    package var author: URL
    /// The preview origin; nil in a record written before the emulator had one.
    package var preview: URL?
    /// Whether another command may use it: publish open and author with the default sign-in (`admin`/`admin`).
    package var shared: Bool

    package init(publish: URL, author: URL, preview: URL?, shared: Bool) {
        self.publish = publish
        self.author = author
        self.preview = preview
        self.shared = shared
    }

    /// The file's name in the state folder.
    static let fileName = "serving.json"
    /// The file the running emulator holds locked (the emulator's `AuthorLog` takes it).
    static let lockName = "lock"

    /// Writes this record into `folder`, replacing any.
    package func write(into folder: URL) {
        guard let data = try? JSONEncoder().encode(self) else { return }
        try? data.write(to: folder.appendingPathComponent(Self.fileName), options: .atomic)
    }

    /// Removes the record from `folder`.
    package static func remove(from folder: URL) {
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(fileName))
    }

    /// The emulator serving from `folder` now, when one does and may be shared; nil when none does (a record left by
    /// one that was killed is ignored: its lock went with it).
    package static func running(in folder: URL) -> EmulatorServing? {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent(fileName)),
            let serving = try? JSONDecoder().decode(EmulatorServing.self, from: data), serving.shared,
            isLocked(folder)
        else { return nil }
        return serving
    }

    /// Whether a process holds the folder's lock.
    private static func isLocked(_ folder: URL) -> Bool {
        let descriptor = open(folder.appendingPathComponent(lockName).path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        if flock(descriptor, LOCK_SH | LOCK_NB) == 0 {
            flock(descriptor, LOCK_UN)
            return false
        }
        return errno == EWOULDBLOCK
    }
}
