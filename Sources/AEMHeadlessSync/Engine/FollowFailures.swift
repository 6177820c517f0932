/// A follower's failures in a row, and the wait after each. The count starts again after a batch, or when the last
/// failure is more than twice `retry.longestDelay` ago: the journal has been answering since, though with no events.
struct FollowFailures {
    let retry: FollowRetry
    private var count = 0
    private var last: ContinuousClock.Instant?

    init(retry: FollowRetry) {
        self.retry = retry
    }

    /// After a step that worked.
    mutating func reset() {
        count = 0
        last = nil
    }

    /// Counts `error` and says when to try again.
    mutating func record(_ error: any Error) -> FollowInterruption {
        let now = ContinuousClock.now
        if let last, now - last > retry.longestDelay * 2 { count = 0 }
        count += 1
        last = now
        return FollowInterruption(error: error, failures: count, retryIn: retry.delay(afterFailures: count))
    }
}
