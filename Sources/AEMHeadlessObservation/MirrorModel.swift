import Observation

/// A value read from a local mirror for a SwiftUI view, kept current as syncs change the store: give it the store's
/// change stream, and `.task { await model.follow() }`.
///
/// ```swift
/// let query = FragmentQuery(where: .lessOrEqual("price", 100), sort: [.ascending("title")])
/// @State var cheap = MirrorModel { store.observe { try $0.decode(Article.self, matching: query) } }
/// ```
@MainActor
@Observable
public final class MirrorModel<Value: Sendable> {
    /// The value as the store holds it now; nil before the first read.
    public private(set) var value: Value?
    /// Why the store could not be read (a `SyncError`); nil while it reads.
    public private(set) var error: (any Error)?

    @ObservationIgnored private let updates: @Sendable () -> AsyncThrowingStream<Value, any Error>

    /// A model of what `updates` yields: the value at once, then again after each change (such as
    /// `ContentStore.observe(_:)`).
    public init(_ updates: @escaping @Sendable () -> AsyncThrowingStream<Value, any Error>) {
        self.updates = updates
    }

    /// Follows the stream until the task is cancelled or the stream fails.
    public func follow() async {
        do {
            for try await update in updates() {
                value = update
                error = nil
            }
        } catch is CancellationError {
            // The view went away.
        } catch {
            self.error = error
        }
    }
}
