import Foundation
import WKNDCore

/// Byte counts as people read them in progress lines and summaries.
enum ByteCountText {
    /// `512 B`, `12.3 kB`, `4.5 MB`, `1.2 GB` (powers of 1000).
    static func of(_ bytes: Int64) -> String {
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
