import WKNDCore

/// Lays out rows of text as aligned columns that fit a width, shortening the columns that
/// allow it (with "…") when the table is too wide.
struct TableRenderer {
    struct Column {
        var header: String
        var alignment: Alignment = .left
        /// Columns with a higher number give up width first; 0 never shrinks.
        var shrinkPriority: Int = 0
        /// The narrowest a shrinking column gets.
        var minimumWidth: Int = 8
        /// A shortened value keeps its end ("…/bali-surf-camp/bali-surf-camp"), as paths should.
        var keepsEnd = false
    }

    enum Alignment { case left, right }

    var columns: [Column]
    /// The width to fit, or nil for no limit.
    var width: Int?
    var usesColor: Bool
    /// Spaces between columns.
    var gap = 2

    /// The narrowest a shrinking column gets when the table cannot fit otherwise.
    private static let narrowest = 4

    /// The table, header first, one line per row, each ending in a line break.
    func render(_ rows: [[String]]) -> String {
        let cells = rows.map { row in row.map(TextLayout.singleLine) }
        let widths = fittedWidths(cells)
        var output = line(columns.map(\.header), widths: widths, style: .bold)
        for row in cells { output += line(row, widths: widths, style: nil) }
        return output
    }

    private func line(_ values: [String], widths: [Int], style: ANSIStyle?) -> String {
        var parts: [String] = []
        for (index, column) in columns.enumerated() {
            let value = index < values.count ? values[index] : ""
            let text =
                column.keepsEnd
                ? TextLayout.truncateKeepingEnd(value, to: widths[index])
                : TextLayout.truncate(value, to: widths[index])
            let isLast = index == columns.count - 1
            var cell: String
            switch column.alignment {
            case .left: cell = isLast ? text : TextLayout.padRight(text, to: widths[index])
            case .right: cell = TextLayout.padLeft(text, to: widths[index])
            }
            if let style, usesColor { cell = style.apply(to: cell) }
            parts.append(cell)
        }
        var text = parts.joined(separator: String(repeating: " ", count: gap))
        while text.last == " " { text.removeLast() }
        return text + "\n"
    }

    /// Each column's natural width, reduced by shrink priority until the table fits.
    private func fittedWidths(_ rows: [[String]]) -> [Int] {
        var widths = columns.enumerated().map { index, column in
            rows.reduce(TextLayout.width(column.header)) { max($0, index < $1.count ? TextLayout.width($1[index]) : 0) }
        }
        guard let width else { return widths }
        var excess = widths.reduce(0, +) + gap * max(0, columns.count - 1) - width
        let order = columns.indices.filter { columns[$0].shrinkPriority > 0 }
            .sorted { columns[$0].shrinkPriority > columns[$1].shrinkPriority }
        // First down to each column's minimum, then, if still too wide, to a few characters.
        for floorOf in [
            { (index: Int) in max(columns[index].minimumWidth, TextLayout.width(columns[index].header)) },
            { (_: Int) in Self.narrowest },
        ] {
            for index in order where excess > 0 {
                let cut = min(excess, max(0, widths[index] - floorOf(index)))
                widths[index] -= cut
                excess -= cut
            }
        }
        return widths
    }
}
