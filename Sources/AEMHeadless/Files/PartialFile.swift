import Foundation

/// A file being written under a temporary name in its destination's folder, then flushed to disk
/// and renamed into place in one step, so the destination is either the old file or the whole new
/// one, never a part.
///
/// The temporary name is `.<name>.<process tag>-<count>.part`: hidden, and found by `isTemporary(_:)`.
/// One task uses a file at a time.
package final class PartialFile: @unchecked Sendable {
    /// The temporary file's path (a path, not a `URL`: a file URL's `path` decodes it again each time it is asked).
    package let path: String
    /// The temporary file's name.
    private let fileName: String
    /// Bytes appended so far, buffered ones included.
    package private(set) var length: Int64 = 0
    /// The file's first bytes (up to `leadingByteCount`), which tell its format.
    package private(set) var leadingBytes: [UInt8] = []
    static let leadingByteCount = 16
    private let handle: FileHandle
    private var buffer = Data()
    private var isClosed = false

    /// Bytes gathered before a write to the file: few system calls, little memory.
    package static let bufferSize = 256 * 1024
    package static let suffix = ".part"

    /// Creates an empty temporary file for `name` in `directory`; it never replaces an existing file.
    ///
    /// - Parameter permissions: the new file's mode, less the process's umask; the renamed file keeps it.
    package convenience init(in directory: URL, for name: String, permissions: mode_t = 0o644) throws {
        try self.init(inDirectoryAtPath: directory.path, for: name, permissions: permissions)
    }

    /// `init(in:for:permissions:)` for a folder given by its path.
    package init(inDirectoryAtPath directory: String, for name: String, permissions: mode_t = 0o644) throws {
        let number = Self.filesMade.withLock { count in
            count += 1
            return count
        }
        fileName = ".\(name).\(Self.processTag)\(String(number, radix: 36))\(Self.suffix)"
        path = Self.path(of: fileName, in: directory)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
        guard descriptor >= 0 else { throw DownloadFileError.system("create", path: path) }
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        buffer.reserveCapacity(Self.bufferSize)
    }

    /// Writes `data` to `destination` atomically and durably, on the calling thread: into a
    /// temporary file in the same folder (which must exist), flushed to disk, renamed over
    /// `destination`, and the folder flushed, so that after a crash `destination` is the old file
    /// or the whole new one, and stays renamed. The package's one way to replace a small file.
    ///
    /// - Parameter permissions: the file's mode, less the process's umask.
    /// - Throws: `DownloadFileError` when the file cannot be created, written, flushed or renamed;
    ///   the temporary file is then removed.
    package static func write(_ data: Data, to destination: URL, permissions: mode_t = 0o644) throws {
        let directory = destination.deletingLastPathComponent()
        let partial = try PartialFile(in: directory, for: destination.lastPathComponent, permissions: permissions)
        do {
            try partial.append(data)
            try partial.commitNow(toPath: destination.path)
        } catch {
            partial.remove()
            throw error
        }
        try DiskFlush.directory(directory)
    }

    /// What makes temporary names unique: a random tag drawn once per process (so that names
    /// cannot be guessed ahead), and a count of the files this process made (a random number for
    /// each file would cost a system call each).
    private static let processTag = String(UInt64.random(in: 0...UInt64.max), radix: 36) + "-"
    private static let filesMade = LockedValue<UInt64>(0)

    /// The path of `name` in the folder at `directory`.
    package static func path(of name: String, in directory: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// Whether a file name is one of this type's temporary names.
    package static func isTemporary(_ fileName: String) -> Bool {
        fileName.hasPrefix(".") && fileName.hasSuffix(suffix)
    }

    package func append(_ data: Data) throws {
        if leadingBytes.count < Self.leadingByteCount {
            leadingBytes += data.prefix(Self.leadingByteCount - leadingBytes.count)
        }
        buffer.append(data)
        length += Int64(data.count)
        if buffer.count >= Self.bufferSize { try flushBuffer() }
    }

    /// Empties the file, to start over.
    package func truncate() throws {
        buffer.removeAll(keepingCapacity: true)
        leadingBytes.removeAll()
        do {
            try handle.truncate(atOffset: 0)
        } catch {
            throw DownloadFileError(path: path, message: "Cannot empty \(path): \(error.localizedDescription)")
        }
        length = 0
    }

    /// Writes what is buffered, flushes the file's bytes to disk, closes it and renames it to
    /// `destination`, replacing any file there. The flush, which waits for the disk, runs on a
    /// Dispatch queue so that it never holds up one of the few threads that run Swift tasks, and
    /// files of a batch flush in parallel. The rename itself is made durable by flushing the folder
    /// once, before anything records the file (`DownloadManifest.save()`).
    ///
    /// - Parameter flushing: false when the caller flushes the whole file system later
    ///   (`DiskFlush.fileSystem(of:)`); then nothing waits for the disk here.
    package func commit(as destination: URL, flushing: Bool = true) async throws {
        try await commit(toPath: destination.path, flushing: flushing)
    }

    /// `commit(as:flushing:)` for a destination given by its path.
    package func commit(toPath destination: String, flushing: Bool = true) async throws {
        guard flushing else { return try commitNow(toPath: destination, flushing: false) }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Self.flushQueue.async {
                continuation.resume(with: Result { try self.commitNow(toPath: destination) })
            }
        }
    }

    private static let flushQueue = DispatchQueue(label: "PartialFile.flush", qos: .utility, attributes: .concurrent)

    /// `commit(toPath:flushing:)` on the calling thread.
    func commitNow(toPath destination: String, flushing: Bool = true) throws {
        try flushBuffer()
        if flushing { try DiskFlush.data(of: handle.fileDescriptor, path: path) }
        close()
        guard rename(path, destination) == 0 else {
            let failure = DownloadFileError.system("rename \(fileName) to", path: destination)
            remove()
            throw failure
        }
    }

    /// Closes and deletes the temporary file.
    package func remove() {
        close()
        try? FileManager.default.removeItem(atPath: path)
    }

    private func flushBuffer() throws {
        guard !buffer.isEmpty else { return }
        do {
            try handle.write(contentsOf: buffer)
        } catch {
            throw DownloadFileError(path: path, message: "Cannot write \(path): \(error.localizedDescription)")
        }
        buffer.removeAll(keepingCapacity: true)
    }

    private func close() {
        guard !isClosed else { return }
        isClosed = true
        try? handle.close()
    }
}
