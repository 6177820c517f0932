import Foundation

/// Removes secrets from text that might be shown: error excerpts, log lines, diagnostics.
/// The one place that masks secrets, so every output masks them the same way.
///
/// ```swift
/// let scrubber = SecretScrubber(configuration.authentication.secrets)
/// print(scrubber.scrub(line))
/// ```
public struct SecretScrubber: Sendable, Hashable {
    /// What a secret is replaced with.
    public static let mask = "••••"

    /// The texts masked, longest first, so that a secret containing another is masked whole.
    public let secrets: [String]

    /// A scrubber that masks each non-empty text of `secrets`, such as `Authentication.secrets`.
    public init(_ secrets: [String]) {
        self.secrets = Array(Set(secrets.filter { !$0.isEmpty })).sorted { $0.count > $1.count }
    }

    /// The text with every occurrence of every secret replaced by `mask`.
    public func scrub(_ text: String) -> String {
        var result = text
        for secret in secrets where result.contains(secret) {
            result = result.replacingOccurrences(of: secret, with: Self.mask)
        }
        return result
    }
}
