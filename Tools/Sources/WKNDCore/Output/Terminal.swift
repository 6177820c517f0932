import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One of the standard output streams and what it is connected to: whether it is a terminal,
/// whether colour may be used on it, and how wide it is.
package struct Terminal: Sendable {
    package let fileDescriptor: Int32
    /// Whether the stream is a terminal.
    package let isTerminal: Bool
    /// Colour only on a terminal, with `TERM` not `dumb` and `NO_COLOR` unset.
    package let usesColor: Bool
    /// The width in columns: the terminal's own, else `COLUMNS`, else nil (no limit).
    package let width: Int?

    package static let standardOutput = Terminal(fileDescriptor: STDOUT_FILENO)
    package static let standardError = Terminal(fileDescriptor: STDERR_FILENO)

    package init(fileDescriptor: Int32, environment: [String: String] = Environment.current) {
        self.fileDescriptor = fileDescriptor
        isTerminal = isatty(fileDescriptor) == 1
        usesColor = Self.colorAllowed(isTerminal: isTerminal, environment: environment)
        width =
            (isTerminal ? Self.windowWidth(fileDescriptor) : nil)
            ?? environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
    }

    package static func colorAllowed(isTerminal: Bool, environment: [String: String]) -> Bool {
        isTerminal && environment["TERM"] != "dumb" && environment["NO_COLOR"] == nil
    }

    /// Writes the text as it is, all of it, retrying short writes.
    package func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { writeBytes(fileDescriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }

    private static func windowWidth(_ fileDescriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}

/// The process environment, read once.
package enum Environment {
    package static let current = ProcessInfo.processInfo.environment
}

private func writeBytes(_ fileDescriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fileDescriptor, bytes, count)
}
