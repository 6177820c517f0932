/// A unified diff of two texts, line by line (`@@ -a,b +c,d @@` hunks with three lines of context), as `diff -u`
/// prints it; empty when the texts are equal.
enum UnifiedDiff {
    /// The diff from `old` to `new`, under the headers `--- oldName` and `+++ newName`.
    static func text(from old: String, to new: String, oldName: String, newName: String, context: Int = 3) -> String {
        let a = lines(old)
        let b = lines(new)
        let script = editScript(a, b)
        guard script.contains(where: { $0.kind != .same }) else { return "" }
        var output = "--- \(oldName)\n+++ \(newName)\n"
        var index = 0
        while index < script.count {
            guard let firstChange = script[index...].firstIndex(where: { $0.kind != .same }) else { break }
            let start = max(index, firstChange - context)
            var end = firstChange
            // Extend the hunk while the next change is within twice the context.
            while end < script.count {
                guard let nextSame = script[end...].firstIndex(where: { $0.kind == .same }) else {
                    end = script.count
                    break
                }
                let nextChange = script[nextSame...].firstIndex { $0.kind != .same }
                if let nextChange, nextChange - nextSame <= 2 * context {
                    end = nextChange
                } else {
                    end = min(script.count, nextSame + context)
                    break
                }
            }
            let hunk = script[start..<end]
            let oldStart = (hunk.first?.oldLine ?? 0) + 1
            let newStart = (hunk.first?.newLine ?? 0) + 1
            let oldCount = hunk.filter { $0.kind != .insert }.count
            let newCount = hunk.filter { $0.kind != .delete }.count
            output +=
                "@@ -\(oldCount == 0 ? oldStart - 1 : oldStart),\(oldCount) +\(newCount == 0 ? newStart - 1 : newStart),\(newCount) @@\n"
            for edit in hunk {
                switch edit.kind {
                case .same: output += " " + a[edit.oldLine] + "\n"
                case .delete: output += "-" + a[edit.oldLine] + "\n"
                case .insert: output += "+" + b[edit.newLine] + "\n"
                }
            }
            index = end
        }
        return output
    }

    private struct Edit {
        enum Kind { case same, delete, insert }
        let kind: Kind
        /// The line of the old text this edit is at (for an insertion, the next old line).
        let oldLine: Int
        /// The line of the new text this edit is at (for a deletion, the next new line).
        let newLine: Int
    }

    private static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The shortest edit script by the longest common subsequence of lines (queries are short).
    private static func editScript(_ a: [String], _ b: [String]) -> [Edit] {
        let (n, m) = (a.count, b.count)
        var lengths = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var script: [Edit] = []
        var (i, j) = (0, 0)
        while i < n || j < m {
            if i < n, j < m, a[i] == b[j] {
                script.append(Edit(kind: .same, oldLine: i, newLine: j))
                i += 1
                j += 1
            } else if i < n, j == m || lengths[i + 1][j] >= lengths[i][j + 1] {
                script.append(Edit(kind: .delete, oldLine: i, newLine: j)) // removed lines first, as diff prints them
                i += 1
            } else {
                script.append(Edit(kind: .insert, oldLine: i, newLine: j))
                j += 1
            }
        }
        return script
    }
}
