import AEMHeadless

extension RetryPolicy {
    /// Retries for a client of the author service: three tries, as the default, but `Retry-After` honoured up to
    /// 65 s (the default policy stops at 30 s), so that the minute author holds its throttle after a 429 is waited
    /// out instead of failing with `AemError.Kind.rateLimited`. Better for a tool that writes many fragments than
    /// for an app a person is waiting on.
    public static let authorService = RetryPolicy(maxAttempts: 3, maxRetryAfter: .seconds(65))
}
