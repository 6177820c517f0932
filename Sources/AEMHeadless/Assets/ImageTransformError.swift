/// A transform value AEM would refuse, found before any request is sent: one line saying which and why.
public struct ImageTransformError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Such as `quality must be 1–100 (got 101)`.
    public var message: String

    init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
