import Foundation

/// The progress of `wknd download` as the screen's status line: files done of total, bytes and
/// rate, as a bar redrawn at most ten times a second. The screen draws it only on a terminal,
/// so logs stay clean, and elsewhere the bar is not even built.
final class DownloadProgressReporter: @unchecked Sendable {
    private let screen: Screen
    /// The columns available, or nil for the default.
    private let width: Int?
    private let start = Date()
    private let lock = NSLock()
    private var totalFiles = 0
    private var doneFiles = 0
    /// Bytes received per running download, by URL.
    private var running: [URL: Int64] = [:]
    private var finishedBytes: Int64 = 0
    private var lastDraw = Date.distantPast

    init(screen: Screen = .shared, width: Int? = Terminal.standardError.width) {
        self.screen = screen
        self.width = width
    }

    /// Bytes received so far, all downloads together.
    var bytes: Int64 { lock.withLock { finishedBytes + running.values.reduce(0, +) } }
    /// Seconds since the reporter was made.
    var elapsed: TimeInterval { Date().timeIntervalSince(start) }

    func begin(totalFiles: Int) {
        lock.withLock { self.totalFiles = totalFiles }
        draw(force: true)
    }

    /// The download of `url` has received `bytes` of its file so far.
    func update(_ url: URL, bytes: Int64) {
        lock.withLock { running[url] = bytes }
        draw(force: false)
    }

    /// One file is done; `transferred` bytes were received for it (0 for a copy or an unchanged file).
    func finish(_ url: URL, transferred: Int64) {
        lock.withLock {
            running[url] = nil
            finishedBytes += transferred
            doneFiles += 1
        }
        draw(force: true)
    }

    /// Removes the bar, for the summary.
    func clear() {
        screen.setStatus(nil)
    }

    private func draw(force: Bool) {
        guard screen.showsStatus else { return }
        let line: String? = lock.withLock {
            let now = Date()
            guard force || now.timeIntervalSince(lastDraw) >= 0.1 else { return nil }
            lastDraw = now
            let bytes = finishedBytes + running.values.reduce(0, +)
            let seconds = max(now.timeIntervalSince(start), 0.001)
            let status =
                "\(doneFiles)/\(totalFiles) files  \(ByteCountText.of(bytes))  \(ByteCountText.of(Int64(Double(bytes) / seconds)))/s"
            let barWidth = max(10, min(30, (width ?? 80) - status.count - 4))
            let filled = totalFiles == 0 ? 0 : barWidth * min(doneFiles, totalFiles) / totalFiles
            return String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled) + "  "
                + status
        }
        if let line { screen.setStatus(line) }
    }
}
