import Foundation

/// When and how long to wait before trying a request again: a read, or a write that is safe to
/// send twice (a PUT or DELETE with `If-Match`); any other write only when it is known not to
/// have been processed (429, or no connection made).
///
/// Connection failures and the statuses 429, 502, 503 and 504 are retried with exponential
/// backoff and jitter; other statuses never are. A `Retry-After` header (seconds or an HTTP
/// date) replaces the backoff, unless it asks for longer than `maxRetryAfter`, which ends the
/// retries so the caller sees the server's answer (a 429 then fails as `AemError.Kind.rateLimited`,
/// saying when to try again). The default of 30 s keeps a person from waiting on a throttled
/// service; a tool that writes to an author service, which throttles for about a minute, allows
/// 65 s (`RetryPolicy.authorService` of AEMHeadlessAuthoring).
public struct RetryPolicy: Sendable, Hashable {
    /// Tries in all, the first included; 1 turns retries off.
    public var maxAttempts: Int
    /// The backoff before the second try; it doubles for each try after.
    public var baseDelay: Duration
    /// The longest backoff.
    public var maxDelay: Duration
    /// The longest `Retry-After` honoured.
    public var maxRetryAfter: Duration

    /// A policy of at most `maxAttempts` tries (at least 1) with the given backoff and `Retry-After` limit.
    public init(
        maxAttempts: Int = 3, baseDelay: Duration = .milliseconds(250),
        maxDelay: Duration = .seconds(8), maxRetryAfter: Duration = .seconds(30)
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
    }

    /// No retries.
    public static let none = RetryPolicy(maxAttempts: 1)

    /// Statuses that say "try again later".
    static let retryableStatuses: Set<Int> = [429, 502, 503, 504]

    /// The wait before the next try after `attempt` tries (1-based) ended with `status` and
    /// `retryAfter`, or nil when there should be no further try. The clock is read and the
    /// jitter (0.5 to 1 times the back-off) drawn only for a retry: every response asks this.
    func delay(
        afterAttempt attempt: Int, status: Int?, retryAfter: String?, now: Date? = nil, jitter: Double? = nil
    ) -> Duration? {
        guard attempt < maxAttempts else { return nil }
        if let status, !Self.retryableStatuses.contains(status) { return nil }
        if let retryAfter, let requested = Self.parseRetryAfter(retryAfter, now: now ?? Date()) {
            return requested <= maxRetryAfter ? requested : nil
        }
        let exponential = baseDelay * (1 << min(attempt - 1, 20))
        return min(exponential, maxDelay) * (jitter ?? Double.random(in: 0.5...1.0))
    }

    /// A `Retry-After` value as a wait: whole seconds, or an HTTP date (past dates wait 0).
    static func parseRetryAfter(_ value: String, now: Date = Date()) -> Duration? {
        let trimmed = value.trimmingWhiteSpace
        if let seconds = Int(trimmed) { return seconds >= 0 ? .seconds(seconds) : nil }
        guard let date = HTTPDate.parse(trimmed, now: now) else { return nil }
        return .milliseconds(max(0, Int(date.timeIntervalSince(now) * 1000)))
    }
}
