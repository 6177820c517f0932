import Foundation

/// A rich-text field's stored value as the source of a `MultiFormatString`: the text and its `@ContentType`
/// (`text/html`, `text/plain` or `text/x-markdown`).
struct RichTextValue: Sendable {
    let text: String
    let contentType: String

    var isHTML: Bool { contentType.lowercased().contains("html") }

    /// The stored HTML as it is; plain text and markdown as escaped paragraphs (`<br>` for single line breaks).
    var html: String {
        guard !isHTML else { return text }
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n")
        return normalized.components(separatedBy: "\n\n")
            .map { $0.trimmingCharacters(in: .newlines) }
            .filter { !$0.isEmpty }
            .map { "<p>" + Self.escape($0).replacingOccurrences(of: "\n", with: "<br>\n") + "</p>" }
            .joined(separator: "\n")
    }

    private static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
