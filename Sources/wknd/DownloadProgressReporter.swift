import Foundation

/// The progress of `wknd download` on stderr: files done of total, bytes and rate, drawn as a
/// bar on one line that is redrawn at most ten times a second — only when stderr is a terminal.
/// Elsewhere it draws nothing, so logs stay clean.
final class DownloadProgressReporter: @unchecked Sendable {
    private let terminal: Terminal
    private let start = Date()
    private let lock = NSLock()
    private var totalFiles = 0
    private var doneFiles = 0
    /// Bytes received per running download, by key.
    private var running: [Int: Int64] = [:]
    private var finishedBytes: Int64 = 0
    private var lastDraw = Date.distantPast
    private var drawn = false

    init(terminal: Terminal = .standardError) {
        self.terminal = terminal
    }

    /// Bytes received so far, all downloads together.
    var bytes: Int64 { lock.withLock { finishedBytes + running.values.reduce(0, +) } }
    /// Seconds since the reporter was made.
    var elapsed: TimeInterval { Date().timeIntervalSince(start) }

    func begin(totalFiles: Int) {
        lock.withLock { self.totalFiles = totalFiles }
        draw(force: true)
    }

    /// The download `key` has received `bytes` of its file so far.
    func update(_ key: Int, bytes: Int64) {
        lock.withLock { running[key] = bytes }
        draw(force: false)
    }

    /// The download `key` ended after `transferred` bytes.
    func finish(_ key: Int, transferred: Int64) {
        lock.withLock {
            running[key] = nil
            finishedBytes += transferred
            doneFiles += 1
        }
        draw(force: true)
    }

    /// Clears the bar so that the next line on stderr starts clean.
    func clear() {
        lock.withLock {
            guard drawn else { return }
            terminal.write("\r\u{1B}[K")
            drawn = false
        }
    }

    /// Writes a line on stderr above the bar.
    func message(_ write: () -> Void) {
        clear()
        write()
        draw(force: true)
    }

    private func draw(force: Bool) {
        guard terminal.isTerminal else { return }
        lock.withLock {
            let now = Date()
            guard force || now.timeIntervalSince(lastDraw) >= 0.1 else { return }
            lastDraw = now
            let bytes = finishedBytes + running.values.reduce(0, +)
            let seconds = max(now.timeIntervalSince(start), 0.001)
            let status = "\(doneFiles)/\(totalFiles) files  \(Self.size(bytes))  \(Self.size(Int64(Double(bytes) / seconds)))/s"
            let barWidth = max(10, min(30, (terminal.width ?? 80) - status.count - 4))
            let filled = totalFiles == 0 ? 0 : barWidth * doneFiles / totalFiles
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
            terminal.write("\r\(bar)  \(status)\u{1B}[K")
            drawn = true
        }
    }

    /// A byte count for people: `512 B`, `12.3 kB`, `4.5 MB`, `1.2 GB` (powers of 1000).
    static func size(_ bytes: Int64) -> String {
        let units = ["B", "kB", "MB", "GB", "TB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return unit == 0 ? "\(bytes) B" : String(format: "%.1f", value) + " " + units[unit]
    }
}
