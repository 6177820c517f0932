import Foundation

/// What a running program writes on one pipe, read off the pool as it comes. A test awaits the line that says a step
/// is done, rather than sleeping for it, and reads the whole text once the program has ended.
public final class OutputLines: @unchecked Sendable {
    private let lock = NSLock()
    /// The bytes so far, kept whole: a chunk can end inside a character.
    private var bytes = Data()
    private var ended = false
    private var waiting: [UUID: (text: String, continuation: CheckedContinuation<Bool, Never>)] = [:]
    private var endWaiting: [CheckedContinuation<String, Never>] = []

    /// Starts reading `handle` on a thread of its own, until its end.
    public init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while let chunk = nextChunk(of: handle) { received(chunk) }
            finished()
        }
    }

    /// True once the program has written `text` (at any time since it started); false when its output ended without
    /// it, or the waiting task was cancelled (a test past its time limit).
    public func contains(_ text: String) async -> Bool {
        let id = UUID()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let answer: Bool? = lock.withLock {
                    if bytes.range(of: Data(text.utf8)) != nil { return true }
                    if ended || Task.isCancelled { return false }
                    waiting[id] = (text, continuation)
                    return nil
                }
                if let answer { continuation.resume(returning: answer) }
            }
        } onCancel: {
            lock.withLock { waiting.removeValue(forKey: id) }?.continuation.resume(returning: false)
        }
    }

    /// All the program wrote, once its output has ended.
    public var all: String {
        get async {
            await withCheckedContinuation { continuation in
                let answer: String? = lock.withLock {
                    if ended { return String(decoding: bytes, as: UTF8.self) }
                    endWaiting.append(continuation)
                    return nil
                }
                if let answer { continuation.resume(returning: answer) }
            }
        }
    }

    private func received(_ chunk: Data) {
        let found = lock.withLock {
            bytes += chunk
            let found = waiting.filter { bytes.range(of: Data($0.value.text.utf8)) != nil }
            for id in found.keys { waiting[id] = nil }
            return found.values
        }
        for waiter in found { waiter.continuation.resume(returning: true) }
    }

    private func finished() {
        let (unmet, ends, all) = lock.withLock {
            ended = true
            defer { (waiting, endWaiting) = ([:], []) }
            return (waiting, endWaiting, String(decoding: bytes, as: UTF8.self))
        }
        for waiter in unmet.values { waiter.continuation.resume(returning: false) }
        for waiter in ends { waiter.resume(returning: all) }
    }
}
