extension AsyncThrowingStream where Failure == any Error {
    /// A stream whose elements `produce` yields from a task of its own: when the consumer stops (or its task is
    /// cancelled) the task is cancelled, and the stream finishes when `produce` returns, with its error when it
    /// throws one (a cancellation is an end, not a failure).
    package static func producing(
        _ produce: @escaping @Sendable (Continuation) async throws -> Void
    ) -> AsyncThrowingStream<Element, any Error> where Element: Sendable {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    try await produce(continuation)
                    continuation.finish()
                } catch is CancellationError {
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
