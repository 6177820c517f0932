/// A clockwise rotation AEM applies.
public enum ImageRotation: Int, Sendable, Hashable, CaseIterable {
    /// A quarter turn.
    case degrees90 = 90
    /// A half turn.
    case degrees180 = 180
    /// Three quarters of a turn.
    case degrees270 = 270

    /// The rotation of `degrees`: 90, 180 or 270.
    /// - Throws: `ImageTransformError` for any other number.
    public init(degrees: Int) throws(ImageTransformError) {
        guard let rotation = ImageRotation(rawValue: degrees) else {
            throw ImageTransformError("rotate must be 90, 180 or 270 (got \(degrees))")
        }
        self = rotation
    }

    /// The GraphQL `AssetTransformRotation` value, such as `R90`.
    public var graphQLName: String { "R\(rawValue)" }
}
