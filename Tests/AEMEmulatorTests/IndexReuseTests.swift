import Testing

@testable import AEMEmulator

/// Serving an edit keeps the earlier content's orders where the paths are the same: the answers are those of
/// indexes built afresh.
@Suite struct IndexReuseTests {
    private static let queries = [
        #"{ adventureList(sort: "title DESC") { items { _path title price } } }"#,
        #"{ adventurePaginated(first: 2, sort: "price DESC") { edges { cursor node { _path title } } } }"#,
        "{ adventureList { items { _path title } } }",
    ]

    /// The sample adventures with one edited (its title and price) or one removed.
    private static func edited(removing: Bool) throws -> (before: ContentRepository, after: ContentRepository) {
        let before = EngineFixtures.adventureRepository()
        var after = before
        let path = try #require(before.fragments.keys.sorted().dropFirst().first)
        if removing {
            after.fragments[path] = nil
        } else {
            after.fragments[path]?.master["title"] = .string("Zzz Renamed")
            after.fragments[path]?.master["price"] = .long(1)
        }
        return (before, after)
    }

    @Test(arguments: [false, true])
    func anEditedContentAnswersAsIfIndexedAfresh(removing: Bool) async throws {
        let (before, after) = try Self.edited(removing: removing)
        let earlier = QueryEngine(repository: before)
        for query in Self.queries { _ = await EngineFixtures.run(earlier, "site", query) }
        let reused = QueryEngine(repository: after, reusing: earlier)
        let fresh = QueryEngine(repository: after)
        for query in Self.queries {
            let (reusedText, _) = await EngineFixtures.run(reused, "site", query)
            let (freshText, _) = await EngineFixtures.run(fresh, "site", query)
            #expect(reusedText == freshText, "\(query)")
        }
        let delivery = DeliveryIndex(repository: after, reusing: DeliveryIndex(repository: before))
        let freshDelivery = DeliveryIndex(repository: after)
        #expect(delivery.fragments.map(\.path) == freshDelivery.fragments.map(\.path))
        #expect(
            delivery.fragments.map { $0.master["title"] } == freshDelivery.fragments.map { $0.master["title"] })
        for fragment in after.fragments.values {
            #expect(delivery.fragment(id: fragment.uuid)?.path == fragment.path)
        }
    }
}
