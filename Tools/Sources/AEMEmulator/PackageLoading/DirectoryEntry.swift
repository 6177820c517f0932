import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One entry of a folder, read with `readdir` (file type from the entry itself, `lstat` when the file system does
/// not say): fast on folders of thousands of packages nodes, and symbolic links are never followed.
struct DirectoryEntry {
    /// The file name.
    let name: String
    let kind: Kind

    enum Kind {
        case file
        case directory
        /// A symbolic link, device, socket…: not part of a package.
        case other
    }

    /// A folder that cannot be listed.
    struct ListingError: Error, CustomStringConvertible {
        let description: String
    }

    /// The entries of the folder at `path`, except `.` and `..`, in no particular order.
    static func list(_ path: String) throws(ListingError) -> [DirectoryEntry] {
        guard let directory = opendir(path) else {
            throw ListingError(description: String(cString: strerror(errno)))
        }
        defer { closedir(directory) }
        var entries: [DirectoryEntry] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            entries.append(DirectoryEntry(name: name, kind: kind(entry.pointee.d_type, path: path + "/" + name)))
        }
        return entries
    }

    /// `DT_REG` (8), `DT_DIR` (4), or `DT_UNKNOWN` (0) resolved with `lstat`; the same values on Linux and Darwin.
    private static func kind(_ type: UInt8, path: String) -> Kind {
        switch type {
        case 8: return .file
        case 4: return .directory
        case 0:
            var status = stat()
            guard lstat(path, &status) == 0 else { return .other }
            switch status.st_mode & S_IFMT {
            case S_IFREG: return .file
            case S_IFDIR: return .directory
            default: return .other
            }
        default: return .other
        }
    }
}
