import Foundation
import WKNDCore

/// The status line of a long command (`download`, `sync`), as the screen draws it below the output.
enum ProgressLine {
    /// A bar of `done` out of `total`, then `status`, fitted into `width` columns (80 when unknown).
    static func bar(done: Int, total: Int, status: String, width: Int?) -> String {
        let barWidth = max(10, min(30, (width ?? 80) - status.count - 4))
        let filled = total == 0 ? 0 : barWidth * min(done, total) / total
        return String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled) + "  "
            + status
    }

    /// The bytes received so far and their rate since `start`: `4.5 MB  1.2 MB/s`.
    static func transfer(_ bytes: Int64, since start: Date, at now: Date) -> String {
        let seconds = max(now.timeIntervalSince(start), 0.001)
        return "\(ByteCountText.of(bytes))  \(ByteCountText.of(Int64(Double(bytes) / seconds)))/s"
    }
}
