/// Proactive negotiation for a JSON answer (RFC 9110 §12.5.1): whether an `Accept` header allows one.
enum AcceptHeader {
    /// Whether `header` accepts JSON: no header, or a media range with a non-zero weight that is `*/*`,
    /// `application/*`, `application/json` or a `+json` type.
    static func allowsJSON(_ header: String?) -> Bool {
        guard let header else { return true }
        return header.split(separator: ",").contains { range in
            let parts = range.split(separator: ";").map { $0.trimmingSpaces.lowercased() }
            guard let type = parts.first, !type.isEmpty else { return false }
            let weight = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            guard weight > 0 else { return false }
            return type == "*/*" || type == "application/*" || type == "application/json" || type.hasSuffix("+json")
        }
    }
}
