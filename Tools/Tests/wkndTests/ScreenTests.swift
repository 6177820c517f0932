import Foundation
import Testing

@testable import WKNDCore
@testable import wknd

/// What a screen sent, stream by stream, in order.
final class RecordedStreams: @unchecked Sendable {
    private let lock = NSLock()
    private var writes: [(Screen.Stream, String)] = []

    func send(_ stream: Screen.Stream, _ text: String) { lock.withLock { writes.append((stream, text)) } }

    /// What a terminal showing both streams would show: every write in order, with the status
    /// line's control sequences replaced by markers.
    var terminal: String {
        lock.withLock { writes.map(\.1).joined() }
            .replacingOccurrences(of: Screen.clearLine, with: "<clear>")
            .replacingOccurrences(of: Screen.clearToEnd, with: "")
            .replacingOccurrences(of: "\r", with: "<cr>")
    }

    var output: String { lock.withLock { writes.filter { $0.0 == .output }.map(\.1).joined() } }
}

@Suite("the screen: text and the progress bar never share a line")
struct ScreenTests {
    @Test("a line on either stream clears the bar first and draws it again after")
    func linesClearAndRedrawTheBar() {
        let streams = RecordedStreams()
        let screen = Screen(showsStatus: true, send: streams.send)
        screen.setStatus("[bar 1/3]")
        screen.write("images/a.jpg\n", to: .output)
        screen.write("wknd: error: b failed\n", to: .error)
        screen.setStatus("[bar 2/3]")
        screen.setStatus(nil)
        screen.write("wknd: done\n", to: .error)
        #expect(
            streams.terminal == "<cr>[bar 1/3]"
                + "<clear>images/a.jpg\n<cr>[bar 1/3]"
                + "<clear>wknd: error: b failed\n<cr>[bar 1/3]"
                + "<cr>[bar 2/3]<clear>wknd: done\n")
        #expect(streams.output == "images/a.jpg\n")
    }

    @Test("no bar off a terminal: text goes through untouched")
    func noBarOffATerminal() {
        let streams = RecordedStreams()
        let screen = Screen(showsStatus: false, send: streams.send)
        screen.setStatus("[bar]")
        screen.write("images/a.jpg\n", to: .output)
        screen.setStatus(nil)
        #expect(streams.terminal == "images/a.jpg\n")
    }

    @Test("the download reporter draws through the screen, and lines written meanwhile stay whole")
    func reporterAndLinesFromManyTasks() async {
        let streams = RecordedStreams()
        let screen = Screen(showsStatus: true, send: streams.send)
        let reporter = DownloadProgressReporter(screen: screen, width: 60)
        reporter.begin(totalFiles: 40)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    let url = URL(fileURLWithPath: "/\(index)")
                    reporter.update(url, bytes: 10)
                    screen.write("file-\(index)\n", to: .output)
                    reporter.finish(url, transferred: 10)
                }
            }
        }
        reporter.clear()
        // Every line starts after a cleared bar, and is whole.
        let text = streams.terminal
        for index in 0..<40 { #expect(text.contains("<clear>file-\(index)\n<cr>")) }
        #expect(text.hasSuffix("<clear>"))
        #expect(text.contains("40/40 files"))
    }
}
