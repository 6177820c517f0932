import AEMHeadless
import Foundation

/// The app's log of what the client sent: an `AemObserver`, called from the requesting task (not the main actor),
/// so its methods are `nonisolated` and its lines behind a lock.
final class RequestLog: AemObserver, @unchecked Sendable {
    nonisolated private let lock = NSLock()
    nonisolated(unsafe) private var entries: [String] = []

    nonisolated init() {}

    /// Each request's method and path, with the status it got, in order.
    nonisolated var lines: [String] { lock.withLock { entries } }

    nonisolated func willSend(_ request: AemHTTPRequest, attempt: Int) {}

    nonisolated func didReceive(
        _ response: AemHTTPResponseHead, for request: AemHTTPRequest, attempt: Int, duration: Duration
    ) {
        lock.withLock { entries.append("\(request.method) \(request.url.path) \(response.status)") }
    }

    nonisolated func didFail(
        _ error: AemHTTPTransportError, for request: AemHTTPRequest, attempt: Int, duration: Duration
    ) {
        lock.withLock { entries.append("\(request.method) \(request.url.path) failed") }
    }
}
