import Foundation

/// What a stored response's headers say about reusing it, for a private cache (RFC 9111 with the
/// `stale-while-revalidate` and `stale-if-error` extensions of RFC 5861).
///
/// Freshness comes from `Cache-Control: max-age`, else from `Expires` minus `Date`; `s-maxage`
/// is for shared caches and is ignored. A response with neither is stale at once (no heuristic
/// freshness), so it is revalidated before every use. `no-cache` and `must-revalidate` forbid
/// serving the response stale; `no-store` forbids storing it.
struct CacheFreshness: Sendable, Hashable {
    /// False for `no-store`.
    var isStorable: Bool
    /// True for `no-cache`: the response may be stored but must be revalidated before each use.
    var requiresRevalidation: Bool
    /// True for `must-revalidate`: once stale, never served without a successful revalidation.
    var mustRevalidate: Bool
    /// How long the response stays fresh after it was generated, in seconds.
    package var lifetime: TimeInterval
    /// `stale-while-revalidate`: how long after it goes stale it may still be served while a
    /// revalidation runs in the background, in seconds.
    var staleWhileRevalidate: TimeInterval
    /// `stale-if-error`: how long after it goes stale it may still be served when the server
    /// fails (no connection, time-out, 5xx), in seconds.
    var staleIfError: TimeInterval
    /// The response's age when it was received: the larger of its `Age` and the time since its `Date`.
    var initialAge: TimeInterval
    /// When the response was received.
    var receivedAt: Date

    /// Reads the headers of a response received at `receivedAt`.
    init(headers: AemHTTPHeaders, receivedAt: Date) {
        let directives = Self.directives(in: headers)
        isStorable = directives["no-store"] == nil
        requiresRevalidation = directives["no-cache"] != nil
        mustRevalidate = directives["must-revalidate"] != nil
        staleWhileRevalidate = directives["stale-while-revalidate"].map(Self.deltaSeconds) ?? 0
        staleIfError = directives["stale-if-error"].map(Self.deltaSeconds) ?? 0
        let date = headers["Date"].flatMap { HTTPDate.parse($0, now: receivedAt) }
        if let maxAge = directives["max-age"] {
            lifetime = Self.deltaSeconds(maxAge)
        } else if let expiresText = headers["Expires"] {
            // An Expires that is not a valid date (such as "0") means "already expired".
            let expires = HTTPDate.parse(expiresText, now: receivedAt)
            lifetime = expires.map { max(0, $0.timeIntervalSince(date ?? receivedAt)) } ?? 0
        } else {
            lifetime = 0
        }
        let apparentAge = date.map { max(0, receivedAt.timeIntervalSince($0)) } ?? 0
        let ageHeader = headers["Age"].map(Self.deltaSeconds) ?? 0
        initialAge = max(apparentAge, ageHeader)
        self.receivedAt = receivedAt
    }

    /// The response's age at `now`, in seconds.
    func age(at now: Date) -> TimeInterval {
        initialAge + max(0, now.timeIntervalSince(receivedAt))
    }

    /// Whether the response may be used at `now` without asking the server.
    func isFresh(at now: Date) -> Bool {
        !requiresRevalidation && age(at: now) < lifetime
    }

    /// Whether the stale response may be served at `now` while it is revalidated in the background, at most
    /// `limit` seconds past its freshness.
    func allowsStaleWhileRevalidate(at now: Date, limit: TimeInterval = .infinity) -> Bool {
        allowsStale && age(at: now) < lifetime + min(staleWhileRevalidate, limit)
    }

    /// Whether the stale response may be served at `now` because the server failed, at most `limit` seconds past its
    /// freshness.
    func allowsStaleIfError(at now: Date, limit: TimeInterval = .infinity) -> Bool {
        allowsStale && age(at: now) < lifetime + min(staleIfError, limit)
    }

    private var allowsStale: Bool { !requiresRevalidation && !mustRevalidate }

    /// The `Cache-Control` directives of every `Cache-Control` field, by lower-cased name, with
    /// their values unquoted (empty for a directive without a value). The first of a repeated
    /// directive counts.
    static func directives(in headers: AemHTTPHeaders) -> [String: String] {
        var result: [String: String] = [:]
        for field in headers where field.name.caseInsensitiveEquals("Cache-Control") {
            for directive in splitList(field.value) {
                let parts = directive.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = parts[0].trimmingWhiteSpace.lowercased()
                guard !name.isEmpty, result[name] == nil else { continue }
                var value = parts.count == 2 ? parts[1].trimmingWhiteSpace : ""
                if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                    value = String(value.dropFirst().dropLast())
                }
                result[name] = value
            }
        }
        return result
    }

    /// A comma-separated list split at the commas outside quoted strings.
    private static func splitList(_ text: String) -> [String] {
        var items: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        for character in text {
            if escaped {
                escaped = false
            } else if quoted && character == "\\" {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
            } else if character == "," && !quoted {
                items.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        items.append(current)
        return items
    }

    /// A delta-seconds value; anything but digits counts as 0 (stale), and a huge value is capped
    /// at 2^31 seconds as RFC 9111 asks.
    private static func deltaSeconds(_ text: String) -> TimeInterval {
        let trimmed = text.trimmingWhiteSpace
        guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && $0.isNumber }) else { return 0 }
        let cap: TimeInterval = 2_147_483_648
        return trimmed.count > 10 ? cap : min(TimeInterval(trimmed) ?? cap, cap)
    }
}
