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
        console.detail(line + " " + Self.timing(attempt: attempt, duration: duration))
    }

    package func didFail(_ error: AemHTTPTransportError, for request: AemHTTPRequest, attempt: Int, duration: Duration)
    {
        console.detail(
            "\(request.method) \(request.url.absoluteString) failed: \(error.detail) "
                + Self.timing(attempt: attempt, duration: duration))
    }

    /// `(attempt 2, 12 ms)`.
    package static func timing(attempt: Int, duration: Duration) -> String {
        let milliseconds = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        return
            "(attempt \(attempt), \(milliseconds < 10 ? String(format: "%.1f", milliseconds) : String(Int(milliseconds.rounded()))) ms)"
    }
}
