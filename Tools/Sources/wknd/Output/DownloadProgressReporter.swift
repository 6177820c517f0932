import AEMHeadless
import AEMHeadlessDownload
import Foundation
import WKNDCore

/// The progress of `wknd download` as the screen's status line: files done of total, bytes and
/// rate, as a bar redrawn at most ten times a second. The screen draws it only on a terminal,
/// so logs stay clean, and elsewhere the bar is not even built.
final class DownloadProgressReporter: Sendable {
    private let screen: Screen
    /// The columns available, or nil for the default.
    private let width: Int?
    private let start = Date()
    private let state = LockedValue(State())

    private struct State {
        var totalFiles = 0
        var doneFiles = 0
        /// Bytes received per running download, by URL.
        var running: [URL: Int64] = [:]
        var finishedBytes: Int64 = 0
        var lastDraw = Date.distantPast

        var bytes: Int64 { finishedBytes + running.values.reduce(0, +) }
    }

    init(screen: Screen = .shared, width: Int? = Terminal.standardError.width) {
        self.screen = screen
        self.width = width
    }

    /// Bytes received so far, all downloads together.
    var bytes: Int64 { state.withLock { $0.bytes } }
    /// Seconds since the reporter was made.
    var elapsed: TimeInterval { Date().timeIntervalSince(start) }

    func begin(totalFiles: Int) {
        state.withLock { $0.totalFiles = totalFiles }
        draw(force: true)
    }

    /// The download of `url` has received `bytes` of its file so far.
    func update(_ url: URL, bytes: Int64) {
        state.withLock { $0.running[url] = bytes }
        draw(force: false)
    }

    /// One file is done; `transferred` bytes were received for it (0 for a copy or an unchanged file).
    func finish(_ url: URL, transferred: Int64) {
        state.withLock { state in
            state.running[url] = nil
            state.finishedBytes += transferred
            state.doneFiles += 1
        }
        draw(force: true)
    }

    /// Removes the bar, for the summary.
    func clear() {
        screen.setStatus(nil)
    }

    private func draw(force: Bool) {
        guard screen.showsStatus else { return }
        let line: String? = state.withLock { state in
            let now = Date()
            guard force || now.timeIntervalSince(state.lastDraw) >= 0.1 else { return nil }
            state.lastDraw = now
            let (bytes, doneFiles, totalFiles) = (state.bytes, state.doneFiles, state.totalFiles)
            let status = "\(doneFiles)/\(totalFiles) files  " + ProgressLine.transfer(bytes, since: start, at: now)
            return ProgressLine.bar(done: doneFiles, total: totalFiles, status: status, width: width)
        }
        if let line { screen.setStatus(line) }
    }
}
