import Foundation

/// A download that failed on the local side: the folder or a file could not be created,
/// written, flushed or renamed.
public struct DownloadFileError: Error, Sendable, CustomStringConvertible {
    /// The file or folder concerned.
    public var path: String
    /// One sentence naming the operation and the cause.
    public var message: String

    /// A failure on `path`, explained by `message`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// An error for a failed system call, with the text of the current `errno`.
    static func system(_ operation: String, path: String) -> DownloadFileError {
        let cause = String(cString: strerror(errno))
        return DownloadFileError(path: path, message: "Cannot \(operation) \(path): \(cause).")
    }

    /// The message.
    public var description: String { message }
}
