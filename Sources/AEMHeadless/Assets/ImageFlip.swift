/// A mirroring AEM applies.
public enum ImageFlip: String, Sendable, Hashable, CaseIterable {
    /// Left to right.
    case horizontal = "h"
    /// Top to bottom.
    case vertical = "v"
    /// Both.
    case both = "hv"

    /// The flip `text` names: `h`, `v`, `hv`, or `horizontal`, `vertical`, `both`, ignoring case.
    /// - Throws: `ImageTransformError` for anything else.
    public init(parsing text: String) throws(ImageTransformError) {
        switch text.lowercased() {
        case "h", "horizontal": self = .horizontal
        case "v", "vertical": self = .vertical
        case "hv", "vh", "both": self = .both
        default: throw ImageTransformError("flip must be h, v or hv (got \(text))")
        }
    }

    /// The GraphQL `AssetTransformFlip` value, such as `HORIZONTAL`.
    public var graphQLName: String {
        switch self {
        case .horizontal: "HORIZONTAL"
        case .vertical: "VERTICAL"
        case .both: "HORIZONTAL_AND_VERTICAL"
        }
    }
}
