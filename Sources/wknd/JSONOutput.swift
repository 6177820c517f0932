import AEMHeadless
import Foundation

/// The stable `--json` documents: keys sorted, absent values as `null`, numbers as numbers,
/// text exactly as AEM sent it (non-ASCII kept, slashes not escaped), never any colour.
enum JSONOutput {
    /// One adventure of `wknd list --json`.
    struct AdventureSummary: Encodable {
        var adventure: Adventure
        /// The absolute URL of the primary image.
        var imageURL: URL?

        enum CodingKeys: String, CodingKey {
            case slug, title, activity, price, tripLength, path, imageUrl
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
        }
    }

    /// The object of `wknd show --json`: the keys of the list plus every other field, the rich
    /// text objects as AEM sent them, and the `_references`.
    struct AdventureDocument: Encodable {
        var detail: AdventureDetail
        var imageURL: URL?

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
            try container.encode(detail.references, forKey: .references)
        }
    }

    /// The document as UTF-8 text ending in a line break.
    static func text(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}
