/// Proactive negotiation (RFC 9110 §12.5.1): which media types an `Accept` header allows.
enum AcceptHeader {
    /// Whether `header` accepts JSON: no header, or a media range with a non-zero weight that is `*/*`,
    /// `application/*`, `application/json` or a `+json` type.
    static func allowsJSON(_ header: String?) -> Bool {
        guard let header else { return true }
        return lists(header) { type in
            type == "*/*" || type == "application/*" || type == "application/json" || type.hasSuffix("+json")
        }
    }

    /// Whether `header` names `image/webp` itself with a non-zero weight (a wildcard does not ask for WebP).
    static func asksForWebP(_ header: String?) -> Bool {
        guard let header else { return false }
        return lists(header) { $0 == "image/webp" }
    }

    /// Whether a media range of `header` with a non-zero weight has a type (lower-cased) that `matches`.
    private static func lists(_ header: String, _ matches: (String) -> Bool) -> Bool {
        header.split(separator: ",").contains { range in
            let parts = range.split(separator: ";").map { $0.trimmingSpaces.lowercased() }
            guard let type = parts.first, !type.isEmpty else { return false }
            let weight = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return weight > 0 && matches(type)
        }
    }
}
