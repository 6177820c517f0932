import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole file with `open`, `fstat` and `read`: one system call for the size instead of Foundation's URL
/// resource values (the largest cost of loading a package of 100,000 files), and no buffer leaked for an empty file,
/// as Foundation's `Data(contentsOf:)` does.
enum FileBytes {
    /// A file that cannot be read, with the system's reason.
    struct ReadError: Error, CustomStringConvertible {
        let description: String
    }

    /// The bytes of the file at `path`.
    static func contents(ofFile path: String) throws(ReadError) -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ReadError(description: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw ReadError(description: String(cString: strerror(errno))) }
        // One byte more than the size, so that the read that finds the end needs no larger buffer.
        var data = Data(count: Int(status.st_size) + 1)
        var filled = 0
        while true {
            if filled == data.count { data.count += max(4096, data.count) } // the file grew while it was read
            let count = data.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return read(descriptor, base + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw ReadError(description: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            filled += count
        }
        data.count = filled
        return data
    }
}
