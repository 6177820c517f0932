/// What AEM did with one path of a publish or unpublish request: `SUCCESS_TRIGGERED`, or why not
/// (`ERROR_NOT_FOUND`, `ERROR_REFERENCED`, `ERROR_FORBIDDEN`, `ERROR_INVALID`). A value AEM adds later is kept as
/// sent, so compare with the constants and keep a default.
public struct PublishStatus: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The status as AEM spells it, such as `SUCCESS_TRIGGERED`.
    public let rawValue: String

    /// The status AEM spells `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `SUCCESS_TRIGGERED`: a job started; the fragment's `status` says when it has finished.
    public static let triggered = PublishStatus(rawValue: "SUCCESS_TRIGGERED")
    /// `ERROR_NOT_FOUND`: there is nothing at the path.
    public static let notFound = PublishStatus(rawValue: "ERROR_NOT_FOUND")
    /// `ERROR_REFERENCED`: other content references it, so it was not unpublished.
    public static let referenced = PublishStatus(rawValue: "ERROR_REFERENCED")
    /// `ERROR_FORBIDDEN`: the user may not publish it.
    public static let forbidden = PublishStatus(rawValue: "ERROR_FORBIDDEN")
    /// `ERROR_INVALID`: the path is not one AEM publishes this way, such as one outside `/content/dam/`.
    public static let invalid = PublishStatus(rawValue: "ERROR_INVALID")

    /// Whether a job started for the path.
    public var isTriggered: Bool { self == .triggered }

    /// The status as AEM spells it.
    public var description: String { rawValue }
}
