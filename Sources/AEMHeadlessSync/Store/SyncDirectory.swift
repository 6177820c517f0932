import Foundation

/// The layout of a synced folder: the database, the images and the lock file. Every name in
/// it is chosen here, never taken from the server.
struct SyncDirectory: Sendable {
    /// The folder itself.
    let url: URL

    /// The SQLite database of fragments, images and sync state.
    var database: URL { url.appendingPathComponent("content.sqlite", isDirectory: false) }
    /// The folder of images, named by a hash of where each was loaded from.
    var images: URL { url.appendingPathComponent("images", isDirectory: true) }
    /// The file a running sync holds a lock on.
    var lockFile: URL { url.appendingPathComponent(".sync.lock", isDirectory: false) }

    /// The file of an image with base name `file`, or nil when the name could leave the folder.
    func imageFile(named file: String) -> URL? {
        guard !file.isEmpty, !file.hasPrefix("."), !file.contains("/"), !file.contains("\\") else { return nil }
        return images.appendingPathComponent(file, isDirectory: false)
    }

    /// Deletes the image files named `files` (those a committed transaction no longer records); a name that could leave
    /// the folder is passed over.
    func removeImageFiles(_ files: [String]) {
        for file in files {
            if let url = imageFile(named: file) { try? FileManager.default.removeItem(at: url) }
        }
    }
}
