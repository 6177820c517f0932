import AEMHeadless
import Foundation

/// How `SyncEngine.follow` rides out a service that goes away for a while: a step that fails for a reason that may
/// pass (no connection, a timeout, a 5xx or 429 after the client's own retries) is tried again after a wait that
/// doubles from `firstDelay` up to `longestDelay`, each drawn between half and all of it so that the followers of
/// one service do not all come back at the same moment. Any other failure ends the follow.
public struct FollowRetry: Sendable {
    /// The wait after the first failure.
    public var firstDelay: Duration
    /// The longest wait, however many failures in a row.
    public var longestDelay: Duration

    /// Waits of `firstDelay`, twice that, four times… up to `longestDelay` (each drawn between half and all of it).
    public init(firstDelay: Duration = .seconds(1), longestDelay: Duration = .seconds(60)) {
        self.firstDelay = firstDelay
        self.longestDelay = max(longestDelay, firstDelay)
    }

    /// The wait before trying again after `failures` failures in a row (1 for the first).
    func delay(afterFailures failures: Int) -> Duration {
        var full = firstDelay
        for _ in 1..<max(1, min(failures, 32)) where full < longestDelay { full *= 2 }
        full = min(full, longestDelay)
        return full / 2 + full / 2 * Double.random(in: 0...1)
    }

    /// Whether `error` may pass by itself: the service unreachable, slow or overloaded, rather than a request,
    /// credentials or a folder that is wrong.
    static func mayPass(_ error: any Error) -> Bool {
        switch error {
        case let error as AemError:
            if error.kind == .network || error.kind == .timedOut { return true }
            guard let status = error.status else { return false }
            return status == 429 || (500...599).contains(status)
        case is AemHTTPTransportError:
            return true
        case let error as SyncError:
            return error.underlyingError.map(mayPass) ?? false
        default:
            return false
        }
    }
}
