import Foundation
import NIOConcurrencyHelpers

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The author tier's writes on disk, in a state folder of the emulator's own (`author.log`): one JSON line per write,
/// each the fragment's whole state after it (``AuthorLogEntry``), appended and flushed to disk before the write is
/// answered. The package on disk stays as the team keeps it; starting again loads the package, then replays the log.
///
/// Writes that arrive together are flushed together (one `fsync` for all of them), so concurrent writers do not
/// wait for each other's flushes one by one. A lock on the folder keeps a second emulator out while one runs.
public final class AuthorLog: Sendable {
    /// The folder of the log and its lock.
    public let folder: URL
    private let descriptor: Int32
    private let lock: Int32
    private let state = NIOLockedValueBox(State())
    private let flushing = DispatchQueue(label: "AuthorLog.flush")
    /// What the log held when it was opened, to replay over the package.
    let replayed: [AuthorLogEntry]

    private struct State {
        /// Lines waiting to be written.
        var pending: [UInt8] = []
        /// The number of the last entry given; entries up to ``durable`` are on disk.
        var last = 0
        var durable = 0
        var isFlushing = false
        var failure: String?
        var waiting: [(number: Int, continuation: CheckedContinuation<Void, any Error>)] = []
    }

    /// The log's file name in the folder.
    static let fileName = "author.log"

    /// The first line: what the log is, and the content it was written over.
    private struct Header: Codable {
        static let format = "wknd-emulator-author-log"
        var format = Header.format
        var version = 1
        var content: String
    }

    private init(folder: URL, descriptor: Int32, lock: Int32, replayed: [AuthorLogEntry]) {
        self.folder = folder
        self.descriptor = descriptor
        self.lock = lock
        self.replayed = replayed
    }

    deinit {
        close(descriptor)
        close(lock)
    }

    /// Opens the log in `folder` (made when missing) for the content named `content` (a package's path, or the built-in
    /// sample), waiting up to `lockWait` for another emulator using the folder to stop, and reads what it holds;
    /// with `reset`, it starts empty instead. A last line cut off by a crash is dropped: it was never answered.
    /// - Throws: ``AuthorStateError`` naming the repair when the folder is in use, or the log is damaged or belongs
    ///   to other content.
    public static func open(
        folder: URL, content: String, reset: Bool = false, lockWait: Duration = .seconds(30)
    ) throws(AuthorStateError) -> AuthorLog {
        let logURL = folder.appendingPathComponent(fileName)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw AuthorStateError(folder: folder, "cannot be made (\(error.localizedDescription))")
        }
        let lock = Foundation.open(folder.appendingPathComponent("lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0 else { throw AuthorStateError(folder: folder, "cannot be opened (\(Self.errorText()))") }
        let deadline = ContinuousClock.now + lockWait
        while flock(lock, LOCK_EX | LOCK_NB) != 0 {
            guard ContinuousClock.now < deadline else {
                close(lock)
                throw AuthorStateError(
                    folder: folder,
                    "is in use by another emulator; stop it, or give this one a state folder of its own (--state)")
            }
            usleep(50_000)
        }
        let descriptor = Foundation.open(
            logURL.path, O_RDWR | O_CREAT | O_CLOEXEC | (reset ? O_TRUNC : 0), 0o600)
        guard descriptor >= 0 else {
            close(lock)
            throw AuthorStateError(folder: folder, "cannot be opened (\(Self.errorText()))")
        }
        do {
            let entries = try read(descriptor: descriptor, folder: folder, content: content)
            return AuthorLog(folder: folder, descriptor: descriptor, lock: lock, replayed: entries)
        } catch {
            close(descriptor)
            close(lock)
            throw error
        }
    }

    /// The entries on disk, after the header; a new log gets its header.
    private static func read(descriptor: Int32, folder: URL, content: String) throws(AuthorStateError)
        -> [AuthorLogEntry]
    {
        let logURL = folder.appendingPathComponent(fileName)
        guard let data = try? Data(contentsOf: logURL) else {
            throw AuthorStateError(folder: folder, "cannot be read (\(Self.errorText()))")
        }
        var bytes = [UInt8](data)
        // A last line without its newline was being written when the process stopped: it was never answered.
        if let end = bytes.lastIndex(of: UInt8(ascii: "\n")), end + 1 < bytes.count {
            bytes.removeSubrange((end + 1)...)
            guard ftruncate(descriptor, off_t(bytes.count)) == 0 else {
                throw AuthorStateError(folder: folder, "cannot be repaired (\(Self.errorText()))")
            }
        } else if !bytes.isEmpty, bytes.last != UInt8(ascii: "\n") {
            bytes = []
            _ = ftruncate(descriptor, 0)
        }
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
        let decoder = JSONDecoder()
        guard let first = lines.first else {
            try append(Data(line(Header(content: content))), to: descriptor, folder: folder)
            return []
        }
        guard let header = try? decoder.decode(Header.self, from: Data(first)), header.format == Header.format
        else {
            throw AuthorStateError(
                folder: folder, "does not hold an author log; remove it, or start with --reset to begin afresh")
        }
        guard header.content == content else {
            throw AuthorStateError(
                folder: folder,
                "holds the author state of \(header.content), not of \(content); start with --reset to begin afresh, or give a state folder of its own (--state)"
            )
        }
        var entries: [AuthorLogEntry] = []
        for (index, line) in lines.dropFirst().enumerated() {
            guard let entry = try? decoder.decode(AuthorLogEntry.self, from: Data(line)) else {
                throw AuthorStateError(
                    folder: folder,
                    "is damaged at line \(index + 2) of \(fileName); start with --reset to begin afresh from the package (the writes since it was loaded are lost)"
                )
            }
            entries.append(entry)
        }
        _ = lseek(descriptor, 0, SEEK_END)
        return entries
    }

    /// Adds `entries` to what is written next; returns the number to wait for with ``flushed(through:)``.
    func enqueue(_ entries: [AuthorLogEntry]) -> Int {
        guard !entries.isEmpty else { return state.withLockedValue { $0.last } }
        let bytes = entries.flatMap { Self.line($0) }
        let (number, start) = state.withLockedValue { state -> (Int, Bool) in
            state.pending += bytes
            state.last += entries.count
            let start = !state.isFlushing
            state.isFlushing = true
            return (state.last, start)
        }
        if start { flushing.async { self.flush() } }
        return number
    }

    /// Returns once every entry up to `number` is on disk.
    /// - Throws: ``AuthorStateError`` when the log cannot be written.
    func flushed(through number: Int) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let ready = state.withLockedValue { state -> Result<Void, any Error>? in
                if let failure = state.failure {
                    return .failure(AuthorStateError(folder: folder, failure))
                }
                if state.durable >= number { return .success(()) }
                state.waiting.append((number, continuation))
                return nil
            }
            if let ready { continuation.resume(with: ready) }
        }
    }

    /// Writes and flushes what is pending, again while more comes; then answers the writers waiting.
    private func flush() {
        while true {
            let (bytes, through) = state.withLockedValue { state -> ([UInt8], Int) in
                defer { state.pending = [] }
                return (state.pending, state.last)
            }
            var failure: String?
            if bytes.isEmpty {
                failure = nil
            } else {
                do {
                    try Self.append(Data(bytes), to: descriptor, folder: folder)
                    if fsync(descriptor) != 0 { failure = "cannot be flushed to disk (\(Self.errorText()))" }
                } catch {
                    failure = error.message
                }
            }
            let (ready, done) = state.withLockedValue {
                state -> ([(CheckedContinuation<Void, any Error>, Result<Void, any Error>)], Bool) in
                if let failure { state.failure = state.failure ?? failure }
                state.durable = failure == nil ? through : state.durable
                var ready: [(CheckedContinuation<Void, any Error>, Result<Void, any Error>)] = []
                state.waiting.removeAll { waiting in
                    if let failure = state.failure {
                        ready.append((waiting.continuation, .failure(AuthorStateError(folder: folder, failure))))
                        return true
                    }
                    guard waiting.number <= state.durable else { return false }
                    ready.append((waiting.continuation, .success(())))
                    return true
                }
                let done = state.pending.isEmpty || state.failure != nil
                if done { state.isFlushing = false }
                return (ready, done)
            }
            for (continuation, result) in ready { continuation.resume(with: result) }
            if done { return }
        }
    }

    private static func append(_ data: Data, to descriptor: Int32, folder: URL) throws(AuthorStateError) {
        var written = 0
        let result: Int = data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            while written < buffer.count {
                let count = write(descriptor, base + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return -1
                }
                written += count
            }
            return written
        }
        if result < 0 { throw AuthorStateError(folder: folder, "cannot be written (\(Self.errorText()))") }
    }

    private static func line(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return ((try? encoder.encode(value)).map([UInt8].init) ?? []) + [UInt8(ascii: "\n")]
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}

/// The author tier's state folder cannot be used; the message says why and what to do.
public struct AuthorStateError: Error, CustomStringConvertible, Sendable {
    public var message: String

    init(folder: URL, _ problem: String) {
        message = "The emulator's author state in \(folder.path) " + problem + "."
    }

    public var description: String { message }
}
