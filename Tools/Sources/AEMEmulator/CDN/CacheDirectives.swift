import Foundation

/// The lifetimes of a `Cache-Control` line, in seconds: how long a client (`max-age`) and a shared cache
/// (`s-maxage`) may use an answer, and how long after that a stale copy may still be served while it is fetched again
/// (`stale-while-revalidate`) or when the origin fails (`stale-if-error`).
struct CacheDirectives: Sendable, Equatable {
    var maxAge: Int?
    var sharedMaxAge: Int?
    var staleWhileRevalidate: Int?
    var staleIfError: Int?
    /// `private` or `no-store`: no shared cache may keep it.
    var isPrivate = false

    init(maxAge: Int? = nil, sharedMaxAge: Int? = nil, staleWhileRevalidate: Int? = nil, staleIfError: Int? = nil) {
        self.maxAge = maxAge
        self.sharedMaxAge = sharedMaxAge
        self.staleWhileRevalidate = staleWhileRevalidate
        self.staleIfError = staleIfError
    }

    /// Reads a `Cache-Control` line; unknown directives are ignored.
    init(parsing line: String) {
        for part in line.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            let value = pair.count == 2 ? Int(pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))) : nil
            switch pair.first?.lowercased() {
            case "max-age": maxAge = value
            case "s-maxage": sharedMaxAge = value
            case "stale-while-revalidate": staleWhileRevalidate = value
            case "stale-if-error": staleIfError = value
            case "private", "no-store": isPrivate = true
            default: continue
            }
        }
    }

    /// How long a shared cache keeps it fresh: `s-maxage`, else `max-age`; nil when it may not keep it.
    var sharedLifetime: Int? {
        isPrivate ? nil : sharedMaxAge ?? maxAge
    }

    /// The line: `public` when asked, then each directive set, in RFC order.
    func line(public isPublic: Bool = false) -> String {
        var parts: [String] = isPublic ? [CacheRules.persistedQueryPrefix] : []
        if let maxAge { parts.append("max-age=\(maxAge)") }
        if let sharedMaxAge { parts.append("s-maxage=\(sharedMaxAge)") }
        if let staleWhileRevalidate { parts.append("stale-while-revalidate=\(staleWhileRevalidate)") }
        if let staleIfError { parts.append("stale-if-error=\(staleIfError)") }
        return parts.joined(separator: ", ")
    }
}
