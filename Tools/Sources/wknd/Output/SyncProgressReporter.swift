import AEMHeadless
import AEMHeadlessSync
import Foundation
import WKNDCore

/// The progress of `wknd sync` as the screen's status line: items (adventures, fragments) done
/// of those the store held before (the total is not known until the last page), pages, image bytes and rate. The
/// screen draws it only on a terminal.
final class SyncProgressReporter: Sendable {
    private let screen: Screen
    private let width: Int?
    /// What the items are, in the plural: `adventures`, `items`, `fragments`.
    private let noun: String
    private let start = Date()
    private let state = LockedValue(State())

    private struct State {
        var expected = 0
        var items = 0
        var pages = 0
        var bytes: Int64 = 0
        var lastDraw = Date.distantPast
    }

    init(noun: String = "adventures", screen: Screen = .shared, width: Int? = Terminal.standardError.width) {
        self.noun = noun
        self.screen = screen
        self.width = width
    }

    func handle(_ event: SyncEvent) {
        let force: Bool = state.withLock { state in
            switch event {
            case .started(_, let expectedItems):
                state.expected = expectedItems
                return true
            case .pageApplied(let count, _):
                state.items += count
                state.pages += 1
                return true
            case .imageBytes(let count):
                state.bytes += count
                return false
            case .warning:
                return false
            }
        }
        draw(force: force)
    }

    /// Removes the bar, for the summary.
    func clear() {
        screen.setStatus(nil)
    }

    private func draw(force: Bool) {
        let line: String? = state.withLock { state in
            let now = Date()
            guard force || now.timeIntervalSince(state.lastDraw) >= 0.1 else { return nil }
            state.lastDraw = now
            let (expected, items, pages, bytes) = (state.expected, state.items, state.pages, state.bytes)
            let total = max(expected, items)
            let status =
                "\(items)/\(expected > 0 ? String(total) : "?") \(noun)  \(pages) pages  "
                + ProgressLine.transfer(bytes, since: start, at: now)
            return ProgressLine.bar(done: items, total: total, status: status, width: width)
        }
        if let line { screen.setStatus(line) }
    }
}
