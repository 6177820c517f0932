import AEMHeadless
import Foundation
import WKNDCore
import WKNDSample

/// The stable `--json` documents: keys sorted, absent values as `null`, numbers as numbers,
/// text exactly as AEM sent it (non-ASCII kept, slashes not escaped), never any colour.
enum JSONOutput {
    /// One adventure of `wknd list --json`.
    struct AdventureSummary: Encodable {
        var adventure: Adventure
        /// The absolute URL of the primary image.
        var imageURL: URL?

        enum CodingKeys: String, CodingKey {
            case slug, title, activity, price, tripLength, path, imageUrl, locale
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(adventure.slug, forKey: .slug)
            try container.encode(adventure.title, forKey: .title)
            try container.encode(adventure.activity, forKey: .activity)
            try container.encode(adventure.price, forKey: .price)
            try container.encode(adventure.tripLength, forKey: .tripLength)
            try container.encode(adventure.path, forKey: .path)
            try container.encode(imageURL?.absoluteString, forKey: .imageUrl)
            try container.encode(adventure.locale?.identifier, forKey: .locale)
        }
    }

    /// The object of `wknd show --json`: the keys of the list plus every other field, the rich
    /// text objects as AEM sent them, and the `_references` in the same naming scheme.
    struct AdventureDocument: Encodable {
        var detail: AdventureDetail
        var imageURL: URL?
        /// Where the references' images are.
        var images: ImageLocator

        enum CodingKeys: String, CodingKey {
            case adventureType, groupSize, difficulty, description, itinerary, gearList, references
        }

        func encode(to encoder: any Encoder) throws {
            try AdventureSummary(adventure: detail.adventure, imageURL: imageURL).encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            let adventure = detail.adventure
            try container.encode(adventure.adventureType, forKey: .adventureType)
            try container.encode(adventure.groupSize, forKey: .groupSize)
            try container.encode(adventure.difficulty, forKey: .difficulty)
            try container.encode(adventure.description, forKey: .description)
            try container.encode(adventure.itinerary, forKey: .itinerary)
            try container.encode(adventure.gearList, forKey: .gearList)
            try container.encode(
                detail.references.map { Reference(reference: $0, images: images) }, forKey: .references)
        }
    }

    /// One entry of `references`: `type` (`adventure`, `image`, or AEM's `__typename` for any
    /// other), `path`, and for an adventure the keys of the list, for an image `imageUrl`,
    /// `width`, `height` and `mimeType`.
    struct Reference: Encodable {
        var reference: AdventureReference
        var images: ImageLocator

        enum CodingKeys: String, CodingKey {
            case type, path, imageUrl, width, height, mimeType
        }

        func encode(to encoder: any Encoder) throws {
            switch reference {
            case .adventure(let adventure):
                try AdventureSummary(adventure: adventure, imageURL: adventure.primaryImage.flatMap(images.url(for:)))
                    .encode(to: encoder)
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode("adventure", forKey: .type)
            case .image(let image):
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode("image", forKey: .type)
                try container.encode(image.path, forKey: .path)
                try container.encode(images.url(for: image)?.absoluteString, forKey: .imageUrl)
                try container.encode(image.width, forKey: .width)
                try container.encode(image.height, forKey: .height)
                try container.encode(image.mimeType, forKey: .mimeType)
            case .unknown(let typename, _):
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(typename, forKey: .type)
                try container.encode(reference.path, forKey: .path)
            }
        }
    }

    /// The value as one line of JSON (keys sorted), ending in a line break: JSON Lines.
    static func line(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }

    /// The document as UTF-8 text ending in a line break.
    static func text(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}
