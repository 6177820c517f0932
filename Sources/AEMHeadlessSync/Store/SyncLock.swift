import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock` on a synced folder's lock file, held for the whole of a sync so that two
/// syncs of one folder never run at once. The system releases it when the process ends, however
/// it ends (SIGKILL included), so a killed sync never leaves the folder locked.
final class SyncLock: Sendable {
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        _ = flock(descriptor, LOCK_UN)
        _ = close(descriptor)
    }

    /// Takes the lock on `file`, creating it when missing.
    ///
    /// - Parameter wait: how long to wait for another sync to finish; zero fails at once.
    /// - Throws: `SyncError.busy` when another process holds the lock after `wait`;
    ///   `SyncError.storage` when the file cannot be opened.
    static func acquire(_ file: URL, wait: Duration) async throws -> SyncLock {
        let descriptor = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw SyncError(.storage, "Cannot open \(file.path): \(String(cString: strerror(errno))).")
        }
        let clock = ContinuousClock()
        let deadline = clock.now + wait
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let reason = errno
            guard reason == EWOULDBLOCK || reason == EINTR else {
                _ = close(descriptor)
                throw SyncError(.storage, "Cannot lock \(file.path): \(String(cString: strerror(reason))).")
            }
            guard clock.now < deadline else {
                _ = close(descriptor)
                throw SyncError(
                    .busy,
                    "Another sync is running on \(file.deletingLastPathComponent().path); wait for it to finish, or run again with --wait."
                )
            }
            do {
                try await Task.sleep(for: .milliseconds(100))
            } catch {
                _ = close(descriptor)
                throw error
            }
        }
        return SyncLock(descriptor: descriptor)
    }
}
