import Foundation

/// A link made from a Content Fragment Model's Preview URL pattern, read back into what it names: the fragment's
/// path, id and variation, and its model. AEM's editor opens such a link from its Preview button; an app that
/// registers it as a universal link opens the draft it names (read it from author, `ContentPerspective.drafts`).
///
/// The pattern is the model's "Default Preview URL Pattern", with AEM's expressions `${contentFragment.path}`,
/// `${contentFragment.id}`, `${contentFragment.variation}`, `${contentFragment.model.path}` and
/// `${contentFragment.model.name}`, in the link's path (a DAM path spans several segments) or in its query:
///
/// ```swift
/// let pattern = "https://app.example.com/adventure${contentFragment.path}?variation=${contentFragment.variation}"
/// if let link = ContentPreviewLink(url, pattern: pattern), let path = link.path {
///     let draft = try await author.execute(.fragment(path: path))
/// }
/// ```
public struct ContentPreviewLink: Sendable, Hashable {
    /// The fragment's DAM path, such as `/content/dam/wknd-shared/en/adventures/bali-surf-camp/bali-surf-camp`.
    public var path: String?
    /// The fragment's id.
    public var id: String?
    /// The variation's name; `main` is the master.
    public var variation: String?
    /// The model's path, such as `/conf/wknd-shared/settings/dam/cfm/models/adventure`.
    public var modelPath: String?
    /// The model's name, such as `adventure`.
    public var modelName: String?

    /// The expressions a pattern can hold, by the property each fills.
    private static let expressions: [(expression: String, capture: String)] = [
        ("${contentFragment.model.path}", "(/.+?)"),
        ("${contentFragment.model.name}", "([^/?#&]+)"),
        ("${contentFragment.path}", "(/.+?)"),
        ("${contentFragment.id}", "([^/?#&]+)"),
        ("${contentFragment.variation}", "([^/?#&]+)"),
    ]

    /// Reads `url` as a link made from `pattern`; nil when it is not one (another host or path, or a part missing).
    public init?(_ url: URL, pattern: String) {
        let (patternBase, patternQuery) = Self.split(pattern)
        let (linkBase, linkQuery) = Self.split(url.absoluteString)
        guard Self.read(linkBase, against: patternBase, into: &self) else { return nil }
        if let patternQuery {
            let given = Self.parameters(linkQuery ?? "")
            for (name, value) in Self.parameters(patternQuery).sorted(by: { $0.key < $1.key })
            where value.contains("${") {
                guard let actual = given[name], Self.read(actual, against: value, into: &self) else { return nil }
            }
        }
        guard path != nil || id != nil else { return nil }
    }

    /// The text before the first `?` that is not inside an expression, and the query after it.
    private static func split(_ text: String) -> (base: String, query: String?) {
        var depth = 0
        var index = text.startIndex
        while index < text.endIndex {
            if text[index...].hasPrefix("${") { depth += 1 } else if text[index] == "}", depth > 0 { depth -= 1 }
            if text[index] == "?", depth == 0 {
                return (String(text[..<index]), String(text[text.index(after: index)...]))
            }
            index = text.index(after: index)
        }
        return (text, nil)
    }

    /// The query's parameters by name (the first of a repeated one), their values percent-decoded.
    private static func parameters(_ query: String) -> [String: String] {
        var result: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard let name = parts.first?.removingPercentEncoding, result[name] == nil else { continue }
            result[name] = parts.count > 1 ? (parts[1].replacingOccurrences(of: "+", with: " ")) : ""
        }
        return result
    }

    /// Matches `text` (percent-decoded) against `template`, filling the properties its expressions name.
    private static func read(_ text: String, against template: String, into link: inout ContentPreviewLink) -> Bool {
        var regex = "^"
        var order: [String] = []
        var rest = Substring(template)
        while let start = rest.range(of: "${") {
            regex += NSRegularExpression.escapedPattern(for: String(rest[..<start.lowerBound]))
            guard let match = expressions.first(where: { rest[start.lowerBound...].hasPrefix($0.expression) }) else {
                return false
            }
            regex += match.capture
            order.append(match.expression)
            rest = rest[rest.index(start.lowerBound, offsetBy: match.expression.count)...]
        }
        regex += NSRegularExpression.escapedPattern(for: String(rest)) + "$"
        let decoded = text.removingPercentEncoding ?? text
        guard let expression = try? NSRegularExpression(pattern: regex),
            let found = expression.firstMatch(in: decoded, range: NSRange(decoded.startIndex..., in: decoded))
        else { return false }
        for (index, name) in order.enumerated() {
            guard let range = Range(found.range(at: index + 1), in: decoded) else { return false }
            let value = String(decoded[range])
            switch name {
            case "${contentFragment.path}": link.path = value
            case "${contentFragment.id}": link.id = value
            case "${contentFragment.variation}": link.variation = value
            case "${contentFragment.model.path}": link.modelPath = value
            default: link.modelName = value
            }
        }
        return true
    }
}
