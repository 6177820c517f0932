import AEMHeadless
import AEMHeadlessDownload
import Foundation
import WKNDCore

/// A file `wknd` writes for the user (a query folder's files, a schema, a configuration): replaced atomically,
/// readable by all less the umask, its folder made when missing.
enum SavedFile {
    /// Writes `data` as `url`.
    /// - Throws: `Failure` (exit 73) naming the file and the cause.
    static func write(_ data: Data, to url: URL) throws(Failure) {
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw Failure(.cannotCreate, "Cannot write \(url.path): \(error.localizedDescription)")
        }
    }
}
