import AEMHeadless
import WKNDCore

/// Lays out a multi-line field's `json` tree for a terminal: headers, paragraphs, lists and
/// tables, wrapped to the width; bold, italic and underline when colour is on; links with their
/// target; references by title and path. Node types it does not know still show their text.
struct RichTextRenderer {
    /// The columns available, or nil for no wrapping.
    var width: Int?
    var usesColor: Bool
    /// What a fragment reference's `data.href` (a `_path`) points at, in words, such as
    /// `wknd show bali-surf-camp`; nil to show the path.
    var describeFragment: (String) -> String? = { _ in nil }
    /// The URL to show for an asset reference's `data.path`.
    var assetURL: (String) -> String = { $0 }

    /// The lines of the field: its `json` tree, else its `plaintext`; empty when it has neither.
    func lines(for text: RichText, indent: String) -> [String] {
        if let blocks = text.json, !blocks.isEmpty {
            var output: [String] = []
            render(blocks, indent: indent, into: &output)
            return output
        }
        guard let plaintext = text.plaintext else { return [] }
        return plaintext.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line -> [String] in
            line.allSatisfy(\.isWhitespace)
                ? [""] : wrap([Run(text: String(line))], firstIndent: indent, indent: indent)
        }
    }

    // MARK: Blocks

    /// Renders sibling blocks, with an empty line between paragraphs, headers, lists and tables.
    private func render(_ blocks: [RichTextNode], indent: String, into output: inout [String]) {
        var inlineRuns: [Run] = []
        func flushInline() {
            guard !inlineRuns.isEmpty else { return }
            separate(&output)
            output += wrap(inlineRuns, firstIndent: indent, indent: indent)
            inlineRuns = []
        }
        for node in blocks {
            if isInline(node) {
                inlineRuns += runs(for: node, styles: [])
                continue
            }
            flushInline()
            separate(&output)
            renderBlock(node, indent: indent, into: &output)
        }
        flushInline()
    }

    private func renderBlock(_ node: RichTextNode, indent: String, into output: inout [String]) {
        switch node.kind {
        case .paragraph:
            output += wrap(inlineRuns(of: node), firstIndent: indent, indent: indent)
        case .header(let level):
            let runs = inlineRuns(of: node).map { Run(text: $0.text, styles: $0.styles.union([.bold])) }
            let lines = wrap(runs, firstIndent: indent, indent: indent)
            output += lines
            if !usesColor, level ?? 3 <= 2, let last = lines.last {
                let underline: Character = level == 1 ? "=" : "-"
                output.append(
                    indent
                        + String(repeating: underline, count: max(1, TextLayout.width(last) - TextLayout.width(indent)))
                )
            }
        case .unorderedList, .orderedList:
            renderList(node, indent: indent, into: &output)
        case .table, .tableBody:
            renderTable(node, indent: indent, into: &output)
        case .tableRow:
            renderTable(RichTextNode(nodeType: "table", children: [node]), indent: indent, into: &output)
        default:
            // A list item or table cell out of place, or an unknown block: its text and children.
            if node.children.allSatisfy(isInline) {
                output += wrap(inlineRuns(of: node), firstIndent: indent, indent: indent)
            } else {
                if let value = node.value, !value.isEmpty {
                    output += wrap([Run(text: value)], firstIndent: indent, indent: indent)
                }
                render(node.children, indent: indent, into: &output)
            }
        }
    }

    private func renderList(_ list: RichTextNode, indent: String, into output: inout [String]) {
        let ordered = list.kind == .orderedList
        for (index, item) in list.children.enumerated() {
            let marker = ordered ? "\(index + 1). " : "• "
            let itemIndent = indent + String(repeating: " ", count: TextLayout.width(marker))
            let contents = item.kind == .listItem ? item.children : [item]
            if contents.allSatisfy(isInline) {
                output += wrap(
                    contents.flatMap { runs(for: $0, styles: []) }, firstIndent: indent + marker, indent: itemIndent)
                continue
            }
            var itemLines: [String] = []
            for child in contents {
                if isInline(child) || child.kind == .paragraph {
                    itemLines += wrap(
                        isInline(child) ? runs(for: child, styles: []) : inlineRuns(of: child),
                        firstIndent: itemIndent, indent: itemIndent)
                } else {
                    renderBlock(child, indent: itemIndent, into: &itemLines)
                }
            }
            if let first = itemLines.first {
                itemLines[0] = indent + marker + first.dropFirst(itemIndent.count)
            }
            output += itemLines
        }
    }

    /// Each row on a line, its cells aligned in columns separated by " | ".
    private func renderTable(_ table: RichTextNode, indent: String, into output: inout [String]) {
        let rows = table.tableRows.map { row in
            (row.kind == .tableRow ? row.children : [row]).map { TextLayout.singleLine($0.plainText) }
        }
        let columnCount = rows.map(\.count).max() ?? 0
        let widths = (0..<columnCount).map { column in
            rows.reduce(0) { max($0, column < $1.count ? TextLayout.width($1[column]) : 0) }
        }
        for row in rows {
            let cells = row.enumerated().map { column, text in
                column == row.count - 1 ? text : TextLayout.padRight(text, to: widths[column])
            }
            output.append(indent + cells.joined(separator: " | "))
        }
    }

    private func separate(_ output: inout [String]) {
        if let last = output.last, !last.isEmpty { output.append("") }
    }

    // MARK: Inline content

    /// A piece of text with its styles.
    struct Run {
        var text: String
        var styles: Set<ANSIStyle> = []
    }

    private func isInline(_ node: RichTextNode) -> Bool {
        switch node.kind {
        case .text, .link, .lineBreak, .assetReference, .fragmentReference: true
        case .unknown: node.children.allSatisfy(isInline) && node.value != nil
        default: false
        }
    }

    private func inlineRuns(of node: RichTextNode) -> [Run] {
        var result = node.value.map { [Run(text: $0)] } ?? []
        for child in node.children { result += runs(for: child, styles: []) }
        return result
    }

    private func runs(for node: RichTextNode, styles: Set<ANSIStyle>) -> [Run] {
        switch node.kind {
        case .text:
            var own = styles
            if node.has(.bold) { own.insert(.bold) }
            if node.has(.italic) { own.insert(.italic) }
            if node.has(.underline) { own.insert(.underline) }
            return [Run(text: node.value ?? "", styles: own)] + node.children.flatMap { runs(for: $0, styles: own) }
        case .link:
            let label = node.value ?? node.children.map(\.plainText).joined()
            guard let href = node.data?.href, !href.isEmpty else { return [Run(text: label, styles: styles)] }
            if label.isEmpty || label == href { return [Run(text: href, styles: styles.union([.underline]))] }
            return [Run(text: label, styles: styles.union([.underline])), Run(text: " (\(href))", styles: styles)]
        case .fragmentReference:
            let href = node.data?.href ?? ""
            let title = node.value ?? node.children.map(\.plainText).joined()
            let target = describeFragment(href) ?? href
            return [Run(text: title.isEmpty ? target : title, styles: styles.union([.underline]))]
                + (title.isEmpty || target.isEmpty ? [] : [Run(text: " (\(target))", styles: styles)])
        case .assetReference:
            let path = node.data?.path ?? node.data?.href ?? ""
            return [Run(text: "[image: \(assetURL(path))]", styles: styles)]
        case .lineBreak:
            return [Run(text: "\n", styles: styles)]
        default:
            return (node.value.map { [Run(text: $0, styles: styles)] } ?? [])
                + node.children.flatMap { runs(for: $0, styles: styles) }
        }
    }

    /// Fills lines word by word up to the width; a line break in the text starts a new line.
    /// Runs of spaces become one space.
    private func wrap(_ runs: [Run], firstIndent: String, indent: String) -> [String] {
        var lines: [String] = []
        var line = firstIndent
        var lineWidth = TextLayout.width(firstIndent)
        var lineHasWord = false
        var pendingSpace = false
        var pendingWord: [Run] = []

        func flushWord() {
            guard !pendingWord.isEmpty else { return }
            let wordWidth = pendingWord.reduce(0) { $0 + TextLayout.width($1.text) }
            if lineHasWord, let width, lineWidth + (pendingSpace ? 1 : 0) + wordWidth > width {
                lines.append(line)
                line = indent
                lineWidth = TextLayout.width(indent)
                lineHasWord = false
            }
            if lineHasWord && pendingSpace {
                line += " "
                lineWidth += 1
            }
            line += pendingWord.map(styled).joined()
            lineWidth += wordWidth
            lineHasWord = true
            pendingWord = []
            pendingSpace = false
        }
        func breakLine() {
            flushWord()
            lines.append(line)
            line = indent
            lineWidth = TextLayout.width(indent)
            lineHasWord = false
            pendingSpace = false
        }

        for run in runs {
            for (index, segment) in run.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if index > 0 { breakLine() }
                var word = ""
                for character in TextLayout.singleLine(String(segment)) {
                    if character.isWhitespace {
                        if !word.isEmpty {
                            pendingWord.append(Run(text: word, styles: run.styles))
                            word = ""
                        }
                        flushWord()
                        pendingSpace = lineHasWord
                    } else {
                        word.append(character)
                    }
                }
                if !word.isEmpty { pendingWord.append(Run(text: word, styles: run.styles)) }
            }
        }
        flushWord()
        if lineHasWord { lines.append(line) }
        return lines
    }

    private func styled(_ run: Run) -> String {
        guard usesColor, !run.styles.isEmpty else { return run.text }
        let codes = run.styles.map(\.code).sorted().joined(separator: ";")
        return "\u{1B}[\(codes)m" + run.text + ANSIStyle.reset
    }
}
