import AEMHeadless
import Foundation

/// One adventure with the content its rich text links to, as `adventure(slug:)` returns it.
public struct AdventureDetail: Sendable, Hashable, Codable, LenientDecodable {
    /// The adventure (the response's `item`).
    public var adventure: Adventure
    /// The response's `_references`: adventures, images and other content linked from the
    /// adventure's rich text; empty when there were none.
    public var references: [AdventureReference]

    /// An adventure with the content its rich text links to.
    public init(adventure: Adventure, references: [AdventureReference] = []) {
        self.adventure = adventure
        self.references = references
    }

    /// The first adventure of a list with its references, or nil when the list is empty.
    public init?(_ list: AdventureList) {
        guard let first = list.items.first else { return nil }
        self.init(adventure: first, references: list.references ?? [])
    }

    enum CodingKeys: String, CodingKey {
        case adventure = "item"
        case references = "_references"
    }

    /// Reads AEM's JSON; `item` is required, and `_references` entries that cannot be read are skipped.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        adventure = try fields.decode(Adventure.self, forKey: .adventure)
        references = fields.lenientValue([AdventureReference].self, forKey: .references) ?? []
    }

    /// The reference whose `_path` is `path` (a rich-text node's `data.href` or `data.path`).
    public func reference(forPath path: String) -> AdventureReference? {
        references.first { $0.path == path }
    }

    /// The referenced adventures, in order.
    public var referencedAdventures: [Adventure] { references.compactMap(\.adventure) }
}
