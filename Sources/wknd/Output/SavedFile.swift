import AEMHeadless
import AEMHeadlessDownload
import Foundation

/// A file `wknd` writes for the user (a query folder's files, a schema, a configuration): replaced atomically and
/// durably by the library's one way to do so (`PartialFile.write`), readable by all less the umask, its folder
/// made when missing.
enum SavedFile {
    /// Writes `data` as `url`.
    /// - Throws: `Failure` (exit 73) naming the file and the cause.
    static func write(_ data: Data, to url: URL) throws(Failure) {
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try PartialFile.write(data, to: url, permissions: 0o666)
        } catch let error as DownloadFileError {
            throw Failure(.cannotCreate, error.message)
        } catch {
            throw Failure(.cannotCreate, "Cannot write \(url.path): \(error.localizedDescription)")
        }
    }
}
