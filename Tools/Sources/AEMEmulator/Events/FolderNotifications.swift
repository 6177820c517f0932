import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The file system's own notifications of changes below a folder (inotify on Linux), so that watching a package of
/// 100,000 fragments costs nothing between saves and a save is seen at once, where looking at every file takes
/// seconds. Where there are none (other systems, or more folders than the system lets one process watch), ``init(root:)``
/// fails and the package is looked at every so often instead.
final class FolderNotifications: @unchecked Sendable {
    /// What changed since the last call of ``changes(within:)``.
    enum Changes: Equatable {
        /// Nothing within the time given.
        case none
        /// These files (or folders) were added, written, or removed.
        case files(Set<String>)
        /// The notifications lost track (too many at once, or a folder moved): look at the whole package again.
        case unknown
    }

    #if canImport(Glibc)
    private let descriptor: Int32
    /// Each watched folder, by its watch.
    private var folders: [Int32: String] = [:]
    private static let mask = UInt32(
        IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB | IN_DELETE_SELF
            | IN_MOVE_SELF | IN_ONLYDIR | IN_DONT_FOLLOW)
    /// How long a burst of notifications is awaited to end (an editor's save is several), and at most.
    private static let quiet = 50
    private static let longest: Duration = .milliseconds(500)

    /// Notifications for every folder below `root` (symbolic links are not followed); nil where the system has
    /// none or cannot watch them all.
    init?(root: String) {
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { return nil }
        var present = Set<String>()
        guard watch(tree: root, found: &present) else {
            close(descriptor)
            return nil
        }
    }

    deinit {
        close(descriptor)
    }

    /// What changed, waiting at most `timeout` for a first notification, then for the burst it starts to end.
    func changes(within timeout: Duration) -> Changes {
        guard wait(milliseconds: Int32(timeout / .milliseconds(1))) else { return .none }
        var changed = Set<String>()
        let clock = ContinuousClock()
        let start = clock.now
        repeat {
            guard readEvents(into: &changed) else { return .unknown }
        } while clock.now - start < Self.longest && wait(milliseconds: Int32(Self.quiet))
        return changed.isEmpty ? .none : .files(changed)
    }

    /// Whether a notification arrived within `milliseconds`.
    private func wait(milliseconds: Int32) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, milliseconds) > 0
    }

    /// Reads the waiting notifications; false when they lost track.
    private func readEvents(into changed: inout Set<String>) -> Bool {
        let size = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer, size)
            if count < 0 { return errno == EAGAIN || errno == EINTR }
            if count == 0 { return true }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let nameStart = buffer + offset + MemoryLayout<inotify_event>.size
                let name = String(cString: nameStart.assumingMemoryBound(to: CChar.self))
                offset += MemoryLayout<inotify_event>.size + Int(event.len)
                guard apply(event, name: event.len > 0 ? name : "", to: &changed) else { return false }
            }
        }
    }

    /// Records one notification; false when it means the folders watched are no longer known.
    private func apply(_ event: inotify_event, name: String, to changed: inout Set<String>) -> Bool {
        let mask = event.mask
        if mask & UInt32(IN_Q_OVERFLOW) != 0 { return false }
        guard let folder = folders[event.wd] else { return true }
        if mask & UInt32(IN_IGNORED) != 0 {
            folders[event.wd] = nil
            return true
        }
        let isFolder = mask & UInt32(IN_ISDIR) != 0
        if mask & UInt32(IN_MOVE_SELF) != 0 || (isFolder && mask & UInt32(IN_MOVED_FROM | IN_MOVED_TO) != 0) {
            return false
        }
        if mask & UInt32(IN_DELETE_SELF) != 0 {
            changed.insert(folder)
            return true
        }
        let path = folder + "/" + name
        changed.insert(path)
        if isFolder, mask & UInt32(IN_CREATE) != 0 {
            // A folder made (or copied in) is watched too, and what it already holds counts as added.
            return watch(tree: path, found: &changed)
        }
        return true
    }

    /// Watches `root` and every folder below it, adding the files found to `found`; false when one cannot be watched.
    private func watch(tree root: String, found: inout Set<String>) -> Bool {
        var pending = [root]
        while let folder = pending.popLast() {
            let watch = inotify_add_watch(descriptor, folder, Self.mask)
            if watch < 0 {
                // A folder removed meanwhile is no loss; running out of watches is.
                if errno == ENOENT || errno == ENOTDIR { continue }
                return false
            }
            folders[watch] = folder
            guard let entries = try? DirectoryEntry.list(folder) else { continue }
            for entry in entries {
                let path = folder + "/" + entry.name
                if entry.kind == .directory { pending.append(path) } else { found.insert(path) }
            }
        }
        return true
    }
    #else
    init?(root: String) {
        return nil
    }

    func changes(within timeout: Duration) -> Changes {
        .unknown
    }
    #endif
}
