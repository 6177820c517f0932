import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's size and modification time: what tells a look at a package that a file changed.
struct FileStamp: Sendable, Equatable {
    var size: Int
    var modified: Double

    /// The stamp of the file at `path` from `lstat` (a link is not followed); nil when it cannot be read.
    init?(atPath path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        #if canImport(Darwin)
        let modified = status.st_mtimespec
        #else
        let modified = status.st_mtim
        #endif
        size = Int(status.st_size)
        self.modified = Double(modified.tv_sec) + Double(modified.tv_nsec) / 1e9
    }
}
