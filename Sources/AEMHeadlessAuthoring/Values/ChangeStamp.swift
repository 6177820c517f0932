import AEMHeadless
import Foundation

/// When a fragment was created, last modified or last published, and by whom: AEM's `{at, by}` members.
public struct ChangeStamp: Sendable, Hashable {
    /// The moment as AEM wrote it, ISO 8601 with its offset: `2024-03-15T12:00:00.000+01:00`.
    public let at: String
    /// The user's id, such as `admin`, when AEM sent it.
    public let by: String?
    /// The user's full name, when AEM sent it.
    public let fullName: String?

    /// A stamp with the given values; see each property.
    public init(at: String, by: String? = nil, fullName: String? = nil) {
        self.at = at
        self.by = by
        self.fullName = fullName
    }

    /// The moment `at` names; nil when it is not ISO 8601.
    public var date: Date? { AemCalendar(at).date }

    /// Reads `{at, by, fullName}`, or a moment sent as plain text; nil when there is no moment.
    init?(json: UntypedJSON?) {
        guard let json else { return nil }
        if let text = json.stringValue {
            guard !text.isEmpty else { return nil }
            self.init(at: text)
            return
        }
        guard let at = json.text("at"), !at.isEmpty else { return nil }
        self.init(at: at, by: json.text("by"), fullName: json.text("fullName"))
    }
}
