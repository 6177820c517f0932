import AEMHeadless
import Foundation

/// `--verbose`'s view of the wire: one line on stderr for each request really sent — retries and
/// redirects included — with its URL, status or failure, attempt and time. The console masks
/// any secret.
package struct VerboseObserver: AemObserver {
    package let console: Console

    package func didReceive(
        _ response: AemHTTPResponseHead, for request: AemHTTPRequest, attempt: Int, duration: Duration
    ) {
        var line = "\(request.method) \(request.url.absoluteString) → \(response.status)"
        if let location = response.headers["Location"], (300..<400).contains(response.status) {
            line += " (to \(location))"
        }
        if let cdn = Self.cdnNote(response.headers) { line += " " + cdn }
        if Self.isChangeRead(request.url) {
            line += " (asked past the CDN's copy: a content event changed what it holds)"
        }
        console.detail(line + " " + Self.timing(attempt: attempt, duration: duration))
    }

    package func didFail(_ error: AemHTTPTransportError, for request: AemHTTPRequest, attempt: Int, duration: Duration)
    {
        console.detail(
            "\(request.method) \(request.url.absoluteString) failed: \(error.detail) "
                + Self.timing(attempt: attempt, duration: duration))
    }

    /// What the answer says of the CDN copy it came from: `[CDN HIT, copy 59 s old]`; nil when it says nothing.
    package static func cdnNote(_ headers: AemHTTPHeaders) -> String? {
        let cache = headers["X-Cache"]
        let age = headers["Age"].flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard cache != nil || age != nil else { return nil }
        var parts: [String] = []
        if let cache { parts.append("CDN \(cache)") }
        if let age { parts.append("copy \(CommandCache.ageText(age)) old") }
        return "[" + parts.joined(separator: ", ") + "]"
    }

    /// Whether `url` is a read the response cache sent after a content change marked its answer stale: it carries
    /// the change's mark as `aem-change`, the library's cache-buster.
    package static func isChangeRead(_ url: URL) -> Bool {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.contains { $0.name == "aem-change" }
            == true
    }

    /// `(attempt 2, 12 ms)`.
    package static func timing(attempt: Int, duration: Duration) -> String {
        let milliseconds = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        return
            "(attempt \(attempt), \(milliseconds < 10 ? String(format: "%.1f", milliseconds) : String(Int(milliseconds.rounded()))) ms)"
    }
}
