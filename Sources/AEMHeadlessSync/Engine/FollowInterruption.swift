/// A step of `SyncEngine.follow` that failed for a reason that may pass, and when it is tried again.
public struct FollowInterruption: Sendable {
    /// What failed.
    public var error: any Error
    /// How many steps have failed in a row, this one included.
    public var failures: Int
    /// How long the follower waits before it tries again.
    public var retryIn: Duration
}
