import Foundation

/// Reads the `KEY = value` settings of an `.xcconfig` file, the format of the sample app's
/// `Config.xcconfig`.
///
/// - `//` starts a comment wherever it appears; write `$()` between the slashes to keep them in
///   a value (`https:/$()/host`).
/// - `$()` expands to nothing; `$(NAME)` and `${NAME}` to the setting `NAME` of the same file,
///   or nothing when there is none.
/// - Spaces around the key and the value are dropped; one pair of matching quotes around the
///   whole value (`"…"` or `'…'`) is removed.
/// - A setting whose references read more than ``expansionLimit`` characters in all (settings
///   that refer to each other many times over) has the references past that left empty, with an
///   issue.
/// - A later setting of a key replaces an earlier one. Conditional settings (`KEY[sdk=…]`),
///   `#include` lines and lines that are not settings are reported in `issues` and skipped.
package struct XCConfigParser {
    /// The settings of one file and what could not be read.
    package struct Result: Equatable {
        package var values: [String: String]
        /// One line each, such as `line 4: "#include" is not followed`.
        package var issues: [String]
    }

    package static func parse(_ text: String) -> Result {
        var raw: [String: String] = [:]
        var lineOfKey: [String: Int] = [:]
        var issues: [String] = []
        let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        for (index, line) in body.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let content = withoutComment(line).trimmingCharacters(in: .whitespaces)
            guard !content.isEmpty else { continue }
            let lineNumber = index + 1
            if content.hasPrefix("#include") {
                issues.append("line \(lineNumber): \"#include\" is not followed; copy the settings into this file")
                continue
            }
            guard let equals = content.firstIndex(of: "=") else {
                issues.append("line \(lineNumber): not a KEY = value setting")
                continue
            }
            let key = content[..<equals].trimmingCharacters(in: .whitespaces)
            guard isSettingName(key) else {
                let reason =
                    key.contains("[") ? "conditional settings are not supported" : "\"\(key)\" is not a setting name"
                issues.append("line \(lineNumber): \(reason)")
                continue
            }
            raw[key] = unquoted(content[content.index(after: equals)...].trimmingCharacters(in: .whitespaces))
            lineOfKey[key] = lineNumber
        }
        var values: [String: String] = [:]
        var cutLines: [Int] = []
        for (key, value) in raw {
            var budget = expansionLimit
            values[key] = expand(value, settings: raw, depth: 0, budget: &budget)
            if budget < 0, let line = lineOfKey[key] { cutLines.append(line) }
        }
        for line in cutLines.sorted() {
            issues.append(
                "line \(line): the references read more than \(expansionLimit) characters; the rest are left empty")
        }
        return Result(values: values, issues: issues)
    }

    /// The line up to its first `//`.
    private static func withoutComment(_ line: Substring) -> Substring {
        guard let range = line.range(of: "//") else { return line }
        return line[..<range.lowerBound]
    }

    private static func isSettingName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic)
        else {
            return false
        }
        return text.unicodeScalars.allSatisfy {
            $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
        }
    }

    private static func unquoted(_ value: String) -> String {
        guard value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first else {
            return value
        }
        return String(value.dropFirst().dropLast())
    }

    /// The most characters of referenced settings read to expand one setting. Real files stay far
    /// below it; settings that refer to each other many times over would otherwise take
    /// exponential time.
    package static let expansionLimit = 65_536

    /// Replaces `$()`, `$(NAME)` and `${NAME}`; references nested deeper than a few levels
    /// (or in a cycle) expand to nothing. Each referenced value read takes its length off
    /// `budget`; once it is spent, further references expand to nothing.
    private static func expand(_ value: String, settings: [String: String], depth: Int, budget: inout Int) -> String {
        var result = ""
        var rest = value[...]
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            let afterDollar = rest.index(after: dollar)
            guard afterDollar < rest.endIndex, let close = closing(for: rest[afterDollar]),
                let end = rest[afterDollar...].firstIndex(of: close)
            else {
                result.append("$")
                rest = rest[afterDollar...]
                continue
            }
            let name = String(rest[rest.index(after: afterDollar)..<end])
            if depth < 8, let referenced = settings[name] {
                budget -= referenced.utf8.count
                if budget >= 0 { result += expand(referenced, settings: settings, depth: depth + 1, budget: &budget) }
            }
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    private static func closing(for opening: Character) -> Character? {
        switch opening {
        case "(": ")"
        case "{": "}"
        default: nil
        }
    }
}
