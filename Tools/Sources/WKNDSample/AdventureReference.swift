import AEMHeadless
import Foundation

/// One entry of a response's `_references`: content linked from an adventure's rich text,
/// decoded by its `__typename`. Types this library does not model are kept as JSON, not dropped.
public enum AdventureReference: Sendable, Hashable, Codable, LenientDecodable {
    /// `AdventureModel`: another adventure.
    case adventure(Adventure)
    /// `ImageRef`: an image in the DAM.
    case image(ImageReference)
    /// Any other type (such as `DocumentRef` or `ArticleModel`), or an entry without
    /// `__typename`, with the entry as it was sent.
    case unknown(typename: String?, json: UntypedJSON)

    /// The `__typename` of an adventure reference; it and `imageTypename` have cases of their own.
    public static let adventureTypename = "AdventureModel"
    /// The `__typename` of an image reference.
    public static let imageTypename = "ImageRef"

    private enum TypeKeys: String, CodingKey { case typename = "__typename" }

    /// Reads an entry by its `__typename`; an unmodelled type is kept as JSON.
    public init(from decoder: any Decoder) throws {
        let typename = try decoder.container(keyedBy: TypeKeys.self).lenientValue(String.self, forKey: .typename)
        switch typename {
        case Self.adventureTypename: self = .adventure(try Adventure(from: decoder))
        case Self.imageTypename: self = .image(try ImageReference(from: decoder))
        default: self = .unknown(typename: typename, json: try UntypedJSON(from: decoder))
        }
    }

    /// Writes the entry back with its `__typename`; an unknown entry exactly as it was read.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .adventure(let adventure):
            try adventure.encode(to: encoder)
            var container = encoder.container(keyedBy: TypeKeys.self)
            try container.encode(Self.adventureTypename, forKey: .typename)
        case .image(let image):
            try image.encode(to: encoder)
            var container = encoder.container(keyedBy: TypeKeys.self)
            try container.encode(Self.imageTypename, forKey: .typename)
        case .unknown(_, let json):
            try json.encode(to: encoder)
        }
    }

    /// The `__typename`, such as `AdventureModel`.
    public var typename: String? {
        switch self {
        case .adventure: Self.adventureTypename
        case .image: Self.imageTypename
        case .unknown(let typename, _): typename
        }
    }

    /// The referenced item's `_path`, which rich-text references point at (`data.href` of a
    /// fragment reference, `data.path` of an asset reference).
    public var path: String? {
        switch self {
        case .adventure(let adventure): adventure.path
        case .image(let image): image.path
        case .unknown(_, let json): json["_path"]?.stringValue
        }
    }

    /// The adventure, for an `.adventure`.
    public var adventure: Adventure? {
        if case .adventure(let adventure) = self { return adventure }
        return nil
    }

    /// The image, for an `.image`.
    public var image: ImageReference? {
        if case .image(let image) = self { return image }
        return nil
    }
}
