/// A configuration that cannot work, found before any request is made.
public struct AemConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and how to fix it, in one sentence.
    public let message: String

    /// A configuration error with `message` as its explanation.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
