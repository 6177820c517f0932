import AEMHeadless
import Foundation

/// The `data` of both WKND adventure queries: `{"adventureList": {"items": [...], "_references": [...]}}`.
public struct AdventureListData: Sendable, Hashable, Codable, LenientDecodable {
    /// Nil when AEM sent `null` for the list, which happens with errors beside the data.
    public var adventureList: AdventureList?

    /// The query's `data` with the given list.
    public init(adventureList: AdventureList?) { self.adventureList = adventureList }

    enum CodingKeys: String, CodingKey { case adventureList }

    /// Reads the query's `data` from AEM's JSON; a missing or `null` `adventureList` reads as nil.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        adventureList = try fields.decodeIfPresent(AdventureList.self, forKey: .adventureList)
    }
}

/// An `adventureList` result: the adventures and the content their rich text links to.
public struct AdventureList: Sendable, Hashable, Codable, LenientDecodable {
    /// The adventures in the order AEM sent them. An entry that is `null` (GraphQL sets an item
    /// to null when one of its required fields failed, with an error beside the data) or not an
    /// object is **skipped**, so indices in error paths may not match this array.
    public var items: [Adventure]
    /// `_references`, when the query asked for them; nil when absent.
    public var references: [AdventureReference]?

    /// A list of adventures with their references, if any.
    public init(items: [Adventure], references: [AdventureReference]? = nil) {
        self.items = items
        self.references = references
    }

    enum CodingKeys: String, CodingKey {
        case items
        case references = "_references"
    }

    /// Reads the list from AEM's JSON, skipping items and references that cannot be read.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        items = fields.lenientValue([Adventure].self, forKey: .items) ?? []
        references = fields.lenientValue([AdventureReference].self, forKey: .references)
    }
}
