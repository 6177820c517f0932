import Foundation

/// An entity tag: the version of a fragment, a model or a fragment's tag list as AEM read it, from the `ETag` header
/// of a single read or write, or from the `etag` member of a list item. A write sends it back in `If-Match`, so that
/// it lands only on the version it was based on; AEM answers 412 when that version is gone.
public struct EntityTag: Sendable, Hashable, CustomStringConvertible {
    /// The tag exactly as AEM sent it, quotes included: `"0e44acfdea271202f169511e77086345"`.
    public let rawValue: String

    /// The tag `text` (as sent in `ETag`); nil when it is empty.
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed != "\"\"" else { return nil }
        rawValue = trimmed
    }

    /// The value of `If-Match`: the tag as sent when it is quoted, else in quotes (a list item's `etag` member may
    /// come without them).
    public var headerValue: String {
        rawValue.hasSuffix("\"") && rawValue.count > 1 ? rawValue : "\"" + rawValue + "\""
    }

    /// Whether both name the same version: they compare as `If-Match` sends them, so that a tag sent with quotes
    /// equals the same tag sent without.
    public static func == (lhs: EntityTag, rhs: EntityTag) -> Bool {
        lhs.headerValue == rhs.headerValue
    }

    /// Hashes the tag as `If-Match` sends it.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(headerValue)
    }

    /// The tag as sent.
    public var description: String { rawValue }
}
