import CDiskFlush
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Waits until what was written reaches the disk: a file's bytes before it is renamed into
/// place, and a folder's entries (the renames) before anything records them.
package enum DiskFlush {
    /// Flushes the bytes of the open file `descriptor` and what is needed to read them back (its
    /// length), but not its times: `fdatasync` on Linux, `F_FULLFSYNC` on Apple systems, `fsync`
    /// elsewhere.
    package static func data(of descriptor: Int32, path: String) throws {
        #if os(Linux)
        let result = fdatasync(descriptor)
        #else
        let result = fullSync(descriptor)
        #endif
        guard result == 0 || isUnsupported(errno) else { throw DownloadFileError.system("flush to disk", path: path) }
    }

    /// `fsync`, and on Apple systems `fcntl(F_FULLFSYNC)` first: there `fsync` leaves the bytes in
    /// the drive's cache, where a power cut loses them. A file system without it gets `fsync`.
    private static func fullSync(_ descriptor: Int32) -> Int32 {
        #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) == 0 { return 0 }
        #endif
        return fsync(descriptor)
    }

    /// Flushes the entries of `directory`, so that files renamed into it stay renamed after a crash.
    package static func directory(_ directory: URL) throws {
        let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw DownloadFileError.system("open the folder", path: directory.path) }
        defer { close(descriptor) }
        guard fullSync(descriptor) == 0 || isUnsupported(errno) else {
            throw DownloadFileError.system("flush the folder", path: directory.path)
        }
    }

    /// Whether `fileSystem(of:)` flushes the bytes of files written earlier, so that they need no
    /// flush of their own: on Linux (`syncfs`), not elsewhere.
    package static var flushesFileSystem: Bool {
        #if os(Linux)
        true
        #else
        false
        #endif
    }

    /// Flushes the file system that holds `directory` — the bytes of every file written so far and
    /// every folder's entries — in one step, where the system can (`flushesFileSystem`); elsewhere
    /// flushes the folder's entries only.
    package static func fileSystem(of directory: URL) throws {
        guard flushesFileSystem else { return try self.directory(directory) }
        let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw DownloadFileError.system("open the folder", path: directory.path) }
        defer { close(descriptor) }
        guard cdiskflush_file_system(descriptor) == 0 || isUnsupported(errno) else {
            throw DownloadFileError.system("flush the file system of", path: directory.path)
        }
    }

    /// Whether `error` says the file system has no such flush (some network and FUSE file
    /// systems, for folders especially): there is nothing to wait for, so it is not a failure.
    private static func isUnsupported(_ error: Int32) -> Bool {
        error == EINVAL || error == ENOSYS || error == ENOTSUP || error == EOPNOTSUPP
    }
}
