import AEMHeadless

/// The app's own model of a `wknd-shared/adventures-all` item: what a list row shows. Decoded off the main actor,
/// so it says `nonisolated`.
nonisolated struct AdventureCard: Decodable, Sendable, Hashable, Identifiable {
    var id: String { path }
    let path: String
    let title: String?
    let price: Double?

    enum CodingKeys: String, CodingKey {
        case path = "_path"
        case title, price
    }
}

/// The `data` of `wknd-shared/adventures-all`.
nonisolated struct AdventureListData: Decodable, Sendable {
    nonisolated struct List: Decodable, Sendable {
        let items: [AdventureCard]
    }

    let adventureList: List
}

extension PersistedQuery where Response == AdventureListData {
    /// The app's query: adventures by title.
    static func adventures(limit: Int) -> Self {
        PersistedQuery("wknd-shared/adventures-all", variables: ["limit": .int(limit), "sort": "title ASC"])
    }
}
